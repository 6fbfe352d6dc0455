"""A random Othello bot: it plays a uniformly random legal move. Boardgames runs
it as gtp:"python3 othello_random.py" and talks to it through GTP."""
import random

import gtp
import othello as game


def choose(position, seconds):
    return random.choice(game.legal(position))


gtp.run(choose, "othello-random", game)
