"""Connect Four: a position is (columns, side): seven lists of 'X' (the first
player, b) and 'O' (w) from the bottom up; side is 'b' or 'w'. Moves are
columns "1".."7"."""
NAME = "Connect Four"
OTHER = {"b": "w", "w": "b"}
DISC = {"b": "X", "w": "O"}


def start(settings):
    return ([[] for _ in range(7)], "b")


def parse(text, settings):
    rows = text.strip().split("/")  # top row first
    cols = [[] for _ in range(7)]
    for row in reversed(rows):
        for c, cell in enumerate(row):
            if cell in "XxOo":
                cols[c].append(cell.upper())
    stones = sum(len(c) for c in cols)
    return (cols, "b" if stones % 2 == 0 else "w")


def cell(cols, c, r):
    return cols[c][r] if 0 <= c < 7 and 0 <= r < len(cols[c]) else None


def winner(cols):
    """'X' or 'O' when one has four in a row, else None."""
    for c in range(7):
        for r in range(len(cols[c])):
            d = cols[c][r]
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                if all(cell(cols, c + k * dc, r + k * dr) == d for k in range(1, 4)):
                    return d
    return None


def legal(pos):
    cols = pos[0]
    if winner(cols):
        return []
    return [str(c + 1) for c in range(7) if len(cols[c]) < 6]


def play(pos, move):
    cols, side = pos
    cols = [c[:] for c in cols]
    cols[int(move) - 1].append(DISC[side])
    return (cols, OTHER[side])


def to_move(pos):
    return pos[1]


def over(pos):
    return not legal(pos)


def score(pos, side):
    """+1 when side has connected four, -1 when the opponent has, else 0."""
    w = winner(pos[0])
    return 0 if w is None else (1 if w == DISC[side] else -1)


def result(pos):
    """The finished game's result for the side to move: 1 won, 0 drawn, -1 lost."""
    return score(pos, pos[1])
