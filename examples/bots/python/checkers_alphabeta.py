"""A minimal alpha-beta Checkers bot: its evaluation, searched by
alphabeta.py (negamax with alpha-beta pruning, deepened
one ply at a time). Boardgames runs it as
gtp:"python3 checkers_alphabeta.py" and talks to it through GTP."""
import alphabeta
import gtp
import checkers as game


def evaluate(position):
    """Material (a man 100, a king 150) and how far the men have come, for the side to move."""
    board, side = position[0], game.to_move(position)
    value = 0
    for n, piece in board.items():
        row = (n - 1) // 4
        worth = 150 if piece.isupper() else 100 + 2 * (row if piece == "b" else 7 - row)
        value += worth if piece.lower() == side else -worth
    return value


gtp.run(alphabeta.chooser(game, evaluate), "checkers-alphabeta", game)
