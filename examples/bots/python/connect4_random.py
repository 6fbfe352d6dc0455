"""A random Connect Four bot: it plays a uniformly random legal move. Boardgames runs
it as gtp:"python3 connect4_random.py" and talks to it through GTP."""
import random

import gtp
import connect4 as game


def choose(position, seconds):
    return random.choice(game.legal(position))


gtp.run(choose, "connect4-random", game)
