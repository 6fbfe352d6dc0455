import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * English checkers on the squares 1..32 (PDN numbering: 1-4 the top row):
 * 'b' and 'w' are men, 'B' and 'W' kings; black (b) moves first, down the
 * board. Moves are "11-15"; captures list every landing square, "22x15x6".
 * Captures are compulsory, a man that reaches the far row is crowned and its
 * move ends there; a side that cannot move loses; the draw rule draws after
 * so many moves by each side without a capture or a man's move.
 */
public final class Checkers implements Gtp.Rules {
    public String name() { return "Checkers"; }

    public Gtp.Position start(Map<String, String> settings) {
        char[] board = new char[33]; // board[0] is unused
        for (int n = 1; n <= 32; n++) board[n] = n <= 12 ? 'b' : n >= 21 ? 'w' : 0;
        return new Position(board, "b", 0, drawMoves(settings));
    }

    /** PDN FEN, such as B:W21,22,K30:B1,2 (the side to move first). */
    public Gtp.Position parse(String text, Map<String, String> settings) {
        String[] f = text.trim().split(":");
        char[] board = new char[33];
        for (int i = 1; i < f.length; i++) {
            char colour = Character.toLowerCase(f[i].charAt(0));
            for (String item : f[i].substring(1).split(",")) {
                if (item.isEmpty()) continue;
                boolean king = item.startsWith("K");
                board[Integer.parseInt(king ? item.substring(1) : item)] = king ? Character.toUpperCase(colour) : colour;
            }
        }
        return new Position(board, f[0].toLowerCase(), 0, drawMoves(settings));
    }

    static int drawMoves(Map<String, String> s) { return Integer.parseInt(s.getOrDefault("bg-draw_moves", "40")); }

    /** The number of the dark square at row r, column c, or 0. */
    static int square(int r, int c) { return r >= 0 && r < 8 && c >= 0 && c < 8 && (r + c) % 2 == 1 ? r * 4 + c / 2 + 1 : 0; }

    static int row(int n) { return (n - 1) / 4; }

    static int col(int n) { return 2 * ((n - 1) % 4) + (row(n) % 2 == 0 ? 1 : 0); }

    static int[][] directions(char piece) {
        if (Character.isUpperCase(piece)) return new int[][] {{-1, -1}, {-1, 1}, {1, -1}, {1, 1}};
        return piece == 'b' ? new int[][] {{1, -1}, {1, 1}} : new int[][] {{-1, -1}, {-1, 1}};
    }

    static boolean crowns(char piece, int n) { return piece == 'b' && n >= 29 || piece == 'w' && n <= 4; }

    /** A move: its notation, the squares it visits and the pieces it takes. */
    record Move(String notation, List<Integer> path, List<Integer> taken) {}

    /** A position: the board, the side to move, the quiet plies and the draw rule. */
    public static final class Position implements Gtp.Position {
        final char[] board;
        final String side;
        final int quiet, drawMoves;

        Position(char[] board, String side, int quiet, int drawMoves) {
            this.board = board;
            this.side = side;
            this.quiet = quiet;
            this.drawMoves = drawMoves;
        }

        public String toMove() { return side; }

        boolean enemy(int n) { return board[n] != 0 && Character.toLowerCase(board[n]) != side.charAt(0); }

        /** Adds every capture path of piece on from, continuing path and taken. */
        void jumps(char piece, int from, List<Integer> path, List<Integer> taken, List<Move> out) {
            boolean more = false;
            for (int[] d : directions(piece)) {
                int over = square(row(from) + d[0], col(from) + d[1]), land = square(row(from) + 2 * d[0], col(from) + 2 * d[1]);
                if (over == 0 || land == 0 || !enemy(over) || taken.contains(over)) continue;
                if (board[land] != 0 && land != path.get(0)) continue;
                more = true;
                List<Integer> p = new ArrayList<>(path), t = new ArrayList<>(taken);
                p.add(land);
                t.add(over);
                if (crowns(piece, land)) out.add(move(p, t, "x"));
                else jumps(piece, land, p, t, out);
            }
            if (!more && !taken.isEmpty()) out.add(move(path, taken, "x"));
        }

        static Move move(List<Integer> path, List<Integer> taken, String sep) {
            StringBuilder b = new StringBuilder();
            for (int n : path) b.append(b.length() > 0 ? sep : "").append(n);
            return new Move(b.toString(), path, taken);
        }

        List<Move> moves() {
            List<Move> caps = new ArrayList<>(), steps = new ArrayList<>();
            if (quiet >= 2 * drawMoves) return steps; // drawn
            for (int n = 1; n <= 32; n++) {
                if (board[n] == 0 || enemy(n)) continue;
                jumps(board[n], n, List.of(n), List.of(), caps);
                for (int[] d : directions(board[n])) {
                    int to = square(row(n) + d[0], col(n) + d[1]);
                    if (to != 0 && board[to] == 0) steps.add(move(List.of(n, to), List.of(), "-"));
                }
            }
            return caps.isEmpty() ? steps : caps;
        }

        public List<String> legal() {
            List<String> out = new ArrayList<>();
            for (Move m : moves()) out.add(m.notation());
            return out;
        }

        public Position play(String notation) {
            for (Move m : moves()) {
                if (!m.notation().equals(notation)) continue;
                char[] b = board.clone();
                int from = m.path().get(0), to = m.path().get(m.path().size() - 1);
                char piece = b[from];
                b[from] = 0;
                for (int t : m.taken()) b[t] = 0;
                b[to] = crowns(piece, to) ? Character.toUpperCase(piece) : piece;
                boolean quietMove = Character.isUpperCase(piece) && m.taken().isEmpty();
                return new Position(b, side.equals("b") ? "w" : "b", quietMove ? quiet + 1 : 0, drawMoves);
            }
            throw new IllegalStateException("illegal move");
        }

        /** A side that cannot move has lost, unless the draw rule drew the game. */
        public int result() { return quiet >= 2 * drawMoves ? 0 : -1; }
    }
}
