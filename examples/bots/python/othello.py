"""Othello: a position is (board, side, nopass). The board is a list of 64
characters 'X' (black), 'O' (white) or '-', a1..h8 row by row (a1 top left);
side is 'b' or 'w'. Moves are squares such as "f5", or "pass"."""
NAME = "Othello"
DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
DISC = {"b": "X", "w": "O"}
OTHER = {"b": "w", "w": "b"}


def start(settings):
    board = ["-"] * 64
    board[27], board[28], board[35], board[36] = "O", "X", "X", "O"  # d4 e4 d5 e5
    return (board, settings.get("first", "b"), settings.get("nopass", False))


def parse(text, settings):
    squares, side = text.split()
    board = ["X" if c in "Xx*" else "O" if c in "Oo0" else "-" for c in squares]
    if len(board) != 64:
        raise ValueError("a board has 64 squares")
    return (board, "b" if side.upper() == "X" else "w", settings.get("nopass", False))


def name(i):
    return "abcdefgh"[i % 8] + str(i // 8 + 1)


def flips(board, i, side):
    """The discs a disc of side on square i would flip."""
    if board[i] != "-":
        return []
    own, out = DISC[side], []
    for dr, dc in DIRECTIONS:
        r, c, line = i // 8 + dr, i % 8 + dc, []
        while 0 <= r < 8 and 0 <= c < 8 and board[r * 8 + c] == DISC[OTHER[side]]:
            line.append(r * 8 + c)
            r, c = r + dr, c + dc
        if line and 0 <= r < 8 and 0 <= c < 8 and board[r * 8 + c] == own:
            out += line
    return out


def moves(board, side):
    return [name(i) for i in range(64) if flips(board, i, side)]


def legal(pos):
    board, side, nopass = pos
    own = moves(board, side)
    if own:
        return own
    if nopass or not moves(board, OTHER[side]):
        return []  # the game is over
    return ["pass"]


def play(pos, move):
    board, side, nopass = pos
    if move != "pass":
        i = "abcdefgh".index(move[0]) + 8 * (int(move[1]) - 1)
        board = board[:]
        for j in flips(board, i, side) + [i]:
            board[j] = DISC[side]
    return (board, OTHER[side], nopass)


def to_move(pos):
    return pos[1]


def over(pos):
    return not legal(pos)


def score(pos, side):
    """Discs of side minus the opponent's; at the end the empty squares go to the winner."""
    board = pos[0]
    diff = board.count(DISC[side]) - board.count(DISC[OTHER[side]])
    if over(pos) and diff != 0:
        diff += board.count("-") * (1 if diff > 0 else -1)
    return diff


def result(pos):
    """The finished game's result for the side to move: 1 won, 0 drawn, -1 lost."""
    s = score(pos, pos[1])
    return (s > 0) - (s < 0)
