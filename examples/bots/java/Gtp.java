import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The GTP loop every bot of this kit shares: it reads the commands Boardgames
 * sends (docs/protocol.md), keeps the board with the rules of the game being
 * played, and asks the bot for a move on genmove. A bot calls
 * {@code Gtp.run(rules, chooser, name)}.
 */
public final class Gtp {
    /** A position of a game: immutable, play returns a new one. */
    public interface Position {
        /** "b" (the first colour) or "w". */
        String toMove();
        /** The legal moves in the game's notation; empty when the game is over. */
        List<String> legal();
        Position play(String move);
        /** The finished game's result for the side to move: 1 won, 0 drawn, -1 lost. */
        int result();
    }

    /** The rules of a game: its name and its start position. */
    public interface Rules {
        String name();
        Position start(Map<String, String> settings);
        Position parse(String text, Map<String, String> settings);
    }

    /** A bot: the move to play, given the seconds it may take (negative: no limit). */
    public interface Chooser {
        String choose(Position position, double seconds);
    }

    static final List<String> COMMANDS = List.of("protocol_version", "name", "version", "known_command",
            "list_commands", "quit", "set_game", "list_games", "boardsize", "clear_board", "komi", "play",
            "genmove", "undo", "time_settings", "time_left", "bg-first", "bg-nopass", "bg-rounds",
            "bg-draw_moves", "bg-position", "bg-time_left_ms");

    private final Rules rules;
    private final Chooser chooser;
    private final String name;
    private final Map<String, String> settings = new TreeMap<>();
    private final List<Position> history = new ArrayList<>();
    private double seconds = -1;

    private Gtp(Rules rules, Chooser chooser, String name) {
        this.rules = rules; this.chooser = chooser; this.name = name;
        clear();
    }

    private void clear() {
        history.clear();
        history.add(rules.start(settings));
    }

    private Position position() {
        return history.get(history.size() - 1);
    }

    /** Checks that colour is to move; a forced pass of the other side is played first. */
    private void turn(String colour) {
        Position p = position();
        if (p.legal().isEmpty()) throw new IllegalStateException("the game is over");
        if (p.toMove().equals(colour.substring(0, 1).toLowerCase())) return;
        if (!p.legal().equals(List.of("pass"))) throw new IllegalStateException("illegal move");
        history.add(p.play("pass"));
    }

    private String execute(String cmd, List<String> args) {
        switch (cmd) {
            case "protocol_version": return "2";
            case "name": return name;
            case "version": return "1.0";
            case "known_command": return String.valueOf(!args.isEmpty() && COMMANDS.contains(args.get(0)));
            case "list_commands": return String.join("\n", COMMANDS);
            case "list_games": return rules.name();
            case "set_game":
                if (!String.join("", args).equalsIgnoreCase(rules.name().replace(" ", "")))
                    throw new IllegalStateException("unsupported game");
                settings.clear();
                clear();
                return "";
            case "boardsize": case "clear_board": clear(); return "";
            case "bg-first": case "bg-nopass": case "bg-rounds": case "bg-draw_moves":
                settings.put(cmd, args.get(0).toLowerCase());
                clear();
                return "";
            case "bg-position":
                history.clear();
                history.add(rules.parse(String.join(" ", args), settings));
                return "";
            case "time_settings": {
                double main = Double.parseDouble(args.get(0)), byo = Double.parseDouble(args.get(1));
                int stones = Integer.parseInt(args.get(2));
                seconds = stones > 0 ? byo / stones : main > 0 ? main / 30 : -1;
                return "";
            }
            case "time_left":
                seconds = Double.parseDouble(args.get(1)) / Math.max(Integer.parseInt(args.get(2)), 1);
                return "";
            case "bg-time_left_ms": seconds = Integer.parseInt(args.get(1)) / 1000.0; return ""; // this move's
            case "undo":
                if (history.size() < 2) throw new IllegalStateException("cannot undo");
                history.remove(history.size() - 1);
                return "";
            case "play": {
                turn(args.get(0));
                String move = String.join(" ", args.subList(1, args.size())).toLowerCase();
                if (!position().legal().contains(move)) throw new IllegalStateException("illegal move");
                history.add(position().play(move));
                return "";
            }
            case "genmove": {
                turn(args.get(0));
                String move = chooser.choose(position(), cap(seconds));
                history.add(position().play(move));
                return move;
            }
            case "komi": case "quit": return "";
            default: throw new IllegalStateException("unknown command");
        }
    }

    /** The seconds a move may take: at most the property bot.maxSeconds when it is set (java -Dbot.maxSeconds=S: a quick test). */
    private static double cap(double seconds) {
        String most = System.getProperty("bot.maxSeconds");
        if (most == null) return seconds;
        double s = Double.parseDouble(most);
        return seconds < 0 ? s : Math.min(seconds, s);
    }

    /** Answers the commands on standard input until quit or the end of input. */
    public static void run(Rules rules, Chooser chooser, String name) throws IOException {
        Gtp engine = new Gtp(rules, chooser, name);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        for (String line; (line = in.readLine()) != null; ) {
            int hash = line.indexOf('#');
            line = (hash >= 0 ? line.substring(0, hash) : line).trim();
            if (line.isEmpty()) continue;
            List<String> words = new ArrayList<>(List.of(line.split("\\s+")));
            String id = words.get(0).matches("\\d+") ? words.remove(0) : "";
            String reply;
            try {
                reply = "=" + id + " " + engine.execute(words.get(0), words.subList(1, words.size()));
            } catch (RuntimeException e) {
                reply = "?" + id + " " + (e.getMessage() == null || e instanceof IndexOutOfBoundsException ? "syntax error" : e.getMessage());
            }
            System.out.print(reply.stripTrailing() + "\n\n");
            System.out.flush();
            if (words.get(0).equals("quit")) return;
        }
    }
}
