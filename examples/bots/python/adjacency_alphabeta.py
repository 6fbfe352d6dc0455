"""A minimal alpha-beta Adjacency bot: its evaluation, searched by
alphabeta.py (negamax with alpha-beta pruning, deepened
one ply at a time). Boardgames runs it as
gtp:"python3 adjacency_alphabeta.py" and talks to it through GTP."""
import alphabeta
import gtp
import adjacency as game


def evaluate(position):
    """Marks of the side to move minus the opponent's."""
    return game.score(position, game.to_move(position))


gtp.run(alphabeta.chooser(game, evaluate), "adjacency-alphabeta", game)
