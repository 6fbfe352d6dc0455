"""A random Checkers bot: it plays a uniformly random legal move. Boardgames runs
it as gtp:"python3 checkers_random.py" and talks to it through GTP."""
import random

import gtp
import checkers as game


def choose(position, seconds):
    return random.choice(game.legal(position))


gtp.run(choose, "checkers-random", game)
