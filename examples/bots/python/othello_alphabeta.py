"""A minimal alpha-beta Othello bot: its evaluation, searched by
alphabeta.py (negamax with alpha-beta pruning, deepened
one ply at a time). Boardgames runs it as
gtp:"python3 othello_alphabeta.py" and talks to it through GTP."""
import alphabeta
import gtp
import othello as game

CORNERS = (0, 7, 56, 63)


def evaluate(position):
    """Discs and corners (a corner is worth ten discs), for the side to move."""
    board, side = position[0], game.to_move(position)
    own, opp = game.DISC[side], game.DISC[game.OTHER[side]]
    corners = sum((board[c] == own) - (board[c] == opp) for c in CORNERS)
    return board.count(own) - board.count(opp) + 10 * corners


gtp.run(alphabeta.chooser(game, evaluate), "othello-alphabeta", game)
