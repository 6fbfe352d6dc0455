"""The search of the alpha-beta bots: negamax with alpha-beta pruning,
deepened one ply at a time until a third of the move's time is used (the
rest is a margin for a slow machine). A bot gives it its game's rules and
its evaluation: othello_alphabeta.py and the others."""
import time

WIN = 1_000_000


class OutOfTime(Exception):
    pass


def search(game, evaluate, position, depth, alpha, beta, deadline):
    """The value of position for the side to move, searched depth plies deep."""
    moves = game.legal(position)
    if not moves:  # the game is over: its exact result
        return WIN * game.result(position)
    if depth == 0:
        return evaluate(position)
    if time.monotonic() > deadline:
        raise OutOfTime
    for move in moves:
        value = -search(game, evaluate, game.play(position, move), depth - 1, -beta, -alpha, deadline)
        if value > alpha:
            alpha = value
            if alpha >= beta:
                break
    return alpha


def chooser(game, evaluate):
    """The bot's choice of a move for gtp.run: the best move of the deepest
    search finished in a third of the time."""
    def choose(position, seconds):
        deadline = time.monotonic() + (10 if seconds is None else seconds) / 3
        moves = game.legal(position)
        best = moves[0]
        for depth in range(1, 64):
            try:
                values = {m: -search(game, evaluate, game.play(position, m), depth - 1, -WIN - 1, WIN + 1, deadline)
                          for m in moves}
            except OutOfTime:
                break
            best = max(moves, key=lambda m: values[m])
            moves.sort(key=lambda m: -values[m])  # the best first at the next depth
            if abs(values[best]) == WIN:
                break
        return best
    return choose
