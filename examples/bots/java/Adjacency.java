import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Adjacency: a move puts a mark on any empty square, such as "c6", and takes
 * the opponent's marks on the squares next to it (up, down, left, right). The
 * board is 64 characters 'X' (b), 'O' (w) or '-', a1..h8 row by row; the game
 * ends after the round limit (a round is a move of each side) or when the
 * board is full.
 */
public final class Adjacency implements Gtp.Rules {
    public String name() { return "Adjacency"; }

    public Gtp.Position start(Map<String, String> settings) {
        char[] board = new char[64];
        Arrays.fill(board, '-');
        for (int i : new int[] {48, 49, 56, 57}) board[i] = 'X'; // a7 b7 a8 b8
        for (int i : new int[] {6, 7, 14, 15}) board[i] = 'O'; // g1 h1 g2 h2
        return new Position(board, first(settings), 0, limit(settings));
    }

    /** The board, the side to move and the rounds played: "------OO... X 0". */
    public Gtp.Position parse(String text, Map<String, String> settings) {
        String[] f = text.trim().split("\\s+");
        String side = f[1].equalsIgnoreCase("X") ? "b" : "w";
        int plies = 2 * Integer.parseInt(f[2]) + (side.equals(first(settings)) ? 0 : 1);
        return new Position(f[0].toUpperCase().toCharArray(), side, plies, limit(settings));
    }

    static String first(Map<String, String> s) { return s.getOrDefault("bg-first", "b").substring(0, 1); }

    static int limit(Map<String, String> s) { return Integer.parseInt(s.getOrDefault("bg-rounds", "28")); }

    static char mark(String side) { return side.equals("b") ? 'X' : 'O'; }

    static String other(String side) { return side.equals("b") ? "w" : "b"; }

    /** A position: the board, the side to move, the plies played and the round limit. */
    public static final class Position implements Gtp.Position {
        final char[] board;
        final String side;
        final int plies, limit;

        Position(char[] board, String side, int plies, int limit) {
            this.board = board;
            this.side = side;
            this.plies = plies;
            this.limit = limit;
        }

        public String toMove() { return side; }

        public List<String> legal() {
            List<String> out = new ArrayList<>();
            if (plies >= 2 * limit) return out;
            for (int i = 0; i < 64; i++) if (board[i] == '-') out.add("" + "abcdefgh".charAt(i % 8) + (i / 8 + 1));
            return out;
        }

        public Position play(String move) {
            char[] b = board.clone();
            int r = move.charAt(1) - '1', c = "abcdefgh".indexOf(move.charAt(0));
            b[r * 8 + c] = mark(side);
            int[][] next = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
            for (int[] d : next) {
                int rr = r + d[0], cc = c + d[1];
                if (rr >= 0 && rr < 8 && cc >= 0 && cc < 8 && b[rr * 8 + cc] == mark(other(side))) b[rr * 8 + cc] = mark(side);
            }
            return new Position(b, other(side), plies + 1, limit);
        }

        /** Marks of who minus the opponent's. */
        int marks(String who) {
            int n = 0;
            for (char x : board) n += x == mark(who) ? 1 : x == mark(other(who)) ? -1 : 0;
            return n;
        }

        public int result() { return Integer.signum(marks(side)); }
    }
}
