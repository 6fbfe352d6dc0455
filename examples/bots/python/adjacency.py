"""Adjacency: a position is (board, side, plies, limit): the board is a list of
64 characters 'X' (b), 'O' (w) or '-', a1..h8 row by row; plies the moves
played; limit the round limit (a round is a move of each side). A move puts a
mark on any empty square, such as "c6", and takes the opponent's marks on
the squares next to it (up, down, left, right)."""
NAME = "Adjacency"
OTHER = {"b": "w", "w": "b"}
MARK = {"b": "X", "w": "O"}


def start(settings):
    board = ["-"] * 64
    for sq in ("a7", "b7", "a8", "b8"):
        board[index(sq)] = "X"
    for sq in ("g1", "h1", "g2", "h2"):
        board[index(sq)] = "O"
    return (board, settings.get("first", "b"), 0, settings.get("rounds", 28))


def parse(text, settings):
    squares, side, rounds = text.split()
    board = ["X" if c in "Xx" else "O" if c in "Oo" else "-" for c in squares]
    side = "b" if side.upper() == "X" else "w"
    second = side != settings.get("first", "b")  # the second player of a round is to move
    return (board, side, 2 * int(rounds) + second, settings.get("rounds", 28))


def index(square):
    return "abcdefgh".index(square[0]) + 8 * (int(square[1]) - 1)


def legal(pos):
    board, side, plies, limit = pos
    if plies >= 2 * limit:
        return []
    return ["abcdefgh"[i % 8] + str(i // 8 + 1) for i in range(64) if board[i] == "-"]


def play(pos, move):
    board, side, plies, limit = pos
    board, i = board[:], index(move)
    board[i] = MARK[side]
    r, c = divmod(i, 8)
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + dr < 8 and 0 <= c + dc < 8 and board[(r + dr) * 8 + c + dc] == MARK[OTHER[side]]:
            board[(r + dr) * 8 + c + dc] = MARK[side]
    return (board, OTHER[side], plies + 1, limit)


def to_move(pos):
    return pos[1]


def over(pos):
    return not legal(pos)


def score(pos, side):
    """Marks of side minus the opponent's."""
    return pos[0].count(MARK[side]) - pos[0].count(MARK[OTHER[side]])


def result(pos):
    """The finished game's result for the side to move: 1 won, 0 drawn, -1 lost."""
    s = score(pos, pos[1])
    return (s > 0) - (s < 0)
