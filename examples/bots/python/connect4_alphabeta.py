"""A minimal alpha-beta Connect Four bot: its evaluation, searched by
alphabeta.py (negamax with alpha-beta pruning, deepened
one ply at a time). Boardgames runs it as
gtp:"python3 connect4_alphabeta.py" and talks to it through GTP."""
import alphabeta
import gtp
import connect4 as game


def evaluate(position):
    """Discs in the middle columns count most: they take part in more fours."""
    columns, side = position
    weight = (1, 2, 3, 4, 3, 2, 1)
    own = game.DISC[side]
    return sum(weight[c] * (1 if d == own else -1) for c in range(7) for d in columns[c])


gtp.run(alphabeta.chooser(game, evaluate), "connect4-alphabeta", game)
