"""A minimal alpha-beta Checkers bot: negamax with alpha-beta pruning, deepened one
ply at a time until a third of the move's time is used (the rest is a margin
for a slow machine). Boardgames runs it as
gtp:"python3 checkers_alphabeta.py" and talks to it through GTP."""
import time

import gtp
import checkers as game

WIN = 1_000_000


class OutOfTime(Exception):
    pass


def evaluate(position):
    """Material (a man 100, a king 150) and how far the men have come, for the side to move."""
    board, side = position[0], game.to_move(position)
    value = 0
    for n, piece in board.items():
        row = (n - 1) // 4
        worth = 150 if piece.isupper() else 100 + 2 * (row if piece == "b" else 7 - row)
        value += worth if piece.lower() == side else -worth
    return value


def alphabeta(position, depth, alpha, beta, deadline):
    """The value of position for the side to move, searched depth plies deep."""
    moves = game.legal(position)
    if not moves:  # the game is over: its exact result
        return WIN * game.result(position)
    if depth == 0:
        return evaluate(position)
    if time.monotonic() > deadline:
        raise OutOfTime
    for move in moves:
        value = -alphabeta(game.play(position, move), depth - 1, -beta, -alpha, deadline)
        if value > alpha:
            alpha = value
            if alpha >= beta:
                break
    return alpha


def choose(position, seconds):
    """The best move of the deepest search finished in a third of the time."""
    deadline = time.monotonic() + (10 if seconds is None else seconds) / 3
    moves = game.legal(position)
    best = moves[0]
    for depth in range(1, 64):
        try:
            values = {m: -alphabeta(game.play(position, m), depth - 1, -WIN - 1, WIN + 1, deadline) for m in moves}
        except OutOfTime:
            break
        best = max(moves, key=lambda m: values[m])
        moves.sort(key=lambda m: -values[m])  # the best first at the next depth
        if abs(values[best]) == WIN:
            break
    return best


gtp.run(choose, "checkers-alphabeta", game)
