"""The GTP loop every bot of this kit shares: it reads the commands Boardgames
sends (docs/protocol.md), keeps the board with the rules module of the game
being played, and asks the bot for a move on genmove.

A bot calls run(choose, name, game), where game is the rules module of the
game it plays (othello, checkers, connect4 or adjacency) and choose(position,
seconds) returns one of game.legal(position): seconds is the time the move
may take (None when Boardgames set no limit). Started with --max-seconds S, a
bot is given at most S seconds a move whatever the budget (a quick test).
"""
import sys
COMMANDS = ["protocol_version", "name", "version", "known_command", "list_commands", "quit",
            "set_game", "list_games", "boardsize", "clear_board", "komi", "play", "genmove",
            "undo", "time_settings", "time_left", "bg-first", "bg-nopass", "bg-rounds",
            "bg-draw_moves", "bg-position", "bg-time_left_ms"]


class Failure(Exception):
    """A command that fails: its message goes back after '?'."""


class Engine:
    def __init__(self, choose, name, game):
        self.choose, self.name = choose, name
        self.game, self.settings = game, {}
        self.seconds = None
        self.clear()

    def clear(self):
        self.history = [self.game.start(self.settings)]

    def position(self):
        return self.history[-1]

    def setting(self, key, value):
        self.settings[key] = value
        self.clear()

    def turn(self, colour):
        """Checks that colour is to move; a forced pass of the other side is played first."""
        pos = self.position()
        if self.game.over(pos):
            raise Failure("the game is over")
        if self.game.to_move(pos) != colour:
            if self.game.legal(pos) == ["pass"]:
                self.history.append(self.game.play(pos, "pass"))
            else:
                raise Failure("illegal move")

    def execute(self, cmd, args):
        if cmd == "protocol_version":
            return "2"
        if cmd == "name":
            return self.name
        if cmd == "version":
            return "1.0"
        if cmd == "known_command":
            return "true" if args and args[0] in COMMANDS else "false"
        if cmd == "list_commands":
            return "\n".join(COMMANDS)
        if cmd == "list_games":
            return self.game.NAME
        if cmd == "set_game":
            if "".join(args).lower() != self.game.NAME.lower().replace(" ", ""):
                raise Failure("unsupported game")
            self.settings = {}
            self.clear()
        elif cmd in ("boardsize", "clear_board"):
            self.clear()
        elif cmd == "bg-first":
            self.setting("first", args[0].lower()[0])
        elif cmd == "bg-nopass":
            self.setting("nopass", args[0].lower() == "true")
        elif cmd == "bg-rounds":
            self.setting("rounds", int(args[0]))
        elif cmd == "bg-draw_moves":
            self.setting("draw_moves", int(args[0]))
        elif cmd == "bg-position":
            self.history = [self.game.parse(" ".join(args), self.settings)]
        elif cmd == "time_settings":
            main, byo, stones = (float(a) for a in args)
            self.seconds = byo / stones if stones > 0 else (main / 30 if main > 0 else None)
        elif cmd == "time_left":
            left, stones = float(args[1]), int(args[2])
            self.seconds = left / stones if stones > 0 else left / 30
        elif cmd == "bg-time_left_ms":  # the same to the millisecond, for this move
            self.seconds = int(args[1]) / 1000
        elif cmd == "undo":
            if len(self.history) < 2:
                raise Failure("cannot undo")
            self.history.pop()
        elif cmd == "play":
            self.turn(args[0].lower()[0])
            move = " ".join(args[1:]).lower()
            if move not in self.game.legal(self.position()):
                raise Failure("illegal move")
            self.history.append(self.game.play(self.position(), move))
        elif cmd == "genmove":
            self.turn(args[0].lower()[0])
            move = self.choose(self.position(), cap(self.seconds))
            self.history.append(self.game.play(self.position(), move))
            return move
        elif cmd not in ("komi", "quit"):
            raise Failure("unknown command")
        return ""


def cap(seconds):
    """The seconds a move may take, at most --max-seconds when it is given."""
    if "--max-seconds" in sys.argv[:-1]:
        most = float(sys.argv[sys.argv.index("--max-seconds") + 1])
        return most if seconds is None else min(seconds, most)
    return seconds


def run(choose, name, game):
    """Answers the commands on standard input until quit or the end of input."""
    engine = Engine(choose, name, game)
    for line in sys.stdin:
        line = line.split("#")[0].strip()
        if not line:
            continue
        words = line.split()
        ident = ""
        if words[0].isdigit():
            ident, words = words[0], words[1:]
        try:
            reply = "=" + ident + " " + engine.execute(words[0], words[1:])
        except (Failure, ValueError, IndexError, KeyError) as e:
            reply = "?" + ident + " " + (str(e) or "syntax error")
        print(reply.rstrip() + "\n", flush=True)
        if words[0] == "quit":
            return
