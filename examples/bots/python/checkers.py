"""English checkers: a position is (board, side, quiet, limit): the board maps
the squares 1..32 (PDN numbering: 1-4 the top row) to 'b' or 'w' for men and
'B' or 'W' for kings; black (b) moves first, down the board. quiet counts
the plies without a capture or a man's move; limit is the draw rule in moves
by each side. Moves are "11-15", captures list every landing square:
"22x15x6"."""
NAME = "Checkers"
OTHER = {"b": "w", "w": "b"}


def square(r, c):
    """The number of the dark square at row r, column c, or None."""
    if 0 <= r < 8 and 0 <= c < 8 and (r + c) % 2 == 1:
        return r * 4 + c // 2 + 1
    return None


def row_col(n):
    r = (n - 1) // 4
    return r, 2 * ((n - 1) % 4) + (1 if r % 2 == 0 else 0)


def start(settings):
    board = {n: "b" for n in range(1, 13)}
    board.update({n: "w" for n in range(21, 33)})
    return (board, "b", 0, settings.get("draw_moves", 40))


def parse(text, settings):
    """PDN FEN such as B:W21,22,K30:B1,2 (the side to move first)."""
    fields = text.strip().split(":")
    board = {}
    for f in fields[1:]:
        colour = f[0].lower()
        for item in filter(None, f[1:].split(",")):
            king = item.startswith("K")
            board[int(item.lstrip("K"))] = colour.upper() if king else colour
    return (board, fields[0].lower(), 0, settings.get("draw_moves", 40))


def directions(piece):
    if piece.isupper():
        return [(-1, -1), (-1, 1), (1, -1), (1, 1)]
    return [(1, -1), (1, 1)] if piece == "b" else [(-1, -1), (-1, 1)]


def crowns(piece, n):
    return (piece == "b" and n >= 29) or (piece == "w" and n <= 4)


def jumps(board, n, piece, taken):
    """Every capture path from square n: lists of (landing, captured)."""
    paths = []
    r, c = row_col(n)
    for dr, dc in directions(piece):
        over, land = square(r + dr, c + dc), square(r + 2 * dr, c + 2 * dc)
        if over is None or land is None or over in taken or board.get(land):
            continue
        victim = board.get(over, "")
        if victim.lower() != OTHER[piece.lower()]:
            continue
        if crowns(piece, land):
            paths.append([(land, over)])  # crowning ends the move
            continue
        more = jumps(board, land, piece, taken | {over})
        paths += [[(land, over)] + p for p in more] or [[(land, over)]]
    return paths


def generate(pos):
    """The legal moves as (notation, from, path): captures when there are any."""
    board, side = pos[0], pos[1]
    caps, steps = [], []
    for n, piece in board.items():
        if piece.lower() != side:
            continue
        for path in jumps({k: v for k, v in board.items() if k != n}, n, piece, frozenset()):
            caps.append(("x".join([str(n)] + [str(l) for l, _ in path]), n, path))
        r, c = row_col(n)
        for dr, dc in directions(piece):
            to = square(r + dr, c + dc)
            if to and not board.get(to):
                steps.append(("%d-%d" % (n, to), n, [(to, None)]))
    return caps or steps


def legal(pos):
    if pos[2] >= 2 * pos[3]:
        return []  # drawn by the draw rule
    return [m for m, _, _ in generate(pos)]


def play(pos, move):
    board, side, quiet, limit = pos
    for notation, frm, path in generate(pos):
        if notation == move:
            board = dict(board)
            piece = board.pop(frm)
            for land, captured in path:
                board.pop(captured, None)
            land = path[-1][0]
            man = piece.islower()
            board[land] = piece.upper() if crowns(piece, land) else piece
            quiet = 0 if man or path[0][1] is not None else quiet + 1
            return (board, OTHER[side], quiet, limit)
    raise ValueError("illegal move " + move)


def to_move(pos):
    return pos[1]


def over(pos):
    return not legal(pos)


def score(pos, side):
    """Pieces of side minus the opponent's, kings counting 1.5."""
    v = 0
    for piece in pos[0].values():
        worth = 1.5 if piece.isupper() else 1
        v += worth if piece.lower() == side else -worth
    return v


def result(pos):
    """The finished game's result for the side to move: a side that cannot move
    has lost; the draw rule draws."""
    return 0 if pos[2] >= 2 * pos[3] else -1
