"""A random Adjacency bot: it plays a uniformly random legal move. Boardgames runs
it as gtp:"python3 adjacency_random.py" and talks to it through GTP."""
import random

import gtp
import adjacency as game


def choose(position, seconds):
    return random.choice(game.legal(position))


gtp.run(choose, "adjacency-random", game)
