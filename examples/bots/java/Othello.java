import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Othello: the board is 64 characters 'X' (black, b), 'O' (white, w) or '-',
 * a1..h8 row by row (a1 top left). Moves are squares such as "f5", or "pass".
 */
public final class Othello implements Gtp.Rules {
    public String name() { return "Othello"; }

    public Gtp.Position start(Map<String, String> settings) {
        char[] board = new char[64];
        Arrays.fill(board, '-');
        board[27] = 'O'; board[28] = 'X'; board[35] = 'X'; board[36] = 'O'; // d4 e4 d5 e5
        return new Position(board, settings.getOrDefault("bg-first", "b").substring(0, 1),
                "true".equals(settings.get("bg-nopass")));
    }

    public Gtp.Position parse(String text, Map<String, String> settings) {
        String[] f = text.trim().split("\\s+");
        char[] board = f[0].toUpperCase().replace('*', 'X').replace('.', '-').toCharArray();
        if (board.length != 64) throw new IllegalStateException("a board has 64 squares");
        return new Position(board, f[1].equalsIgnoreCase("X") ? "b" : "w", "true".equals(settings.get("bg-nopass")));
    }

    static final int[][] DIRECTIONS = {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}};

    static char disc(String side) { return side.equals("b") ? 'X' : 'O'; }

    static String other(String side) { return side.equals("b") ? "w" : "b"; }

    /** A position: the board, the side to move and paper 000's no-pass rule. */
    public static final class Position implements Gtp.Position {
        final char[] board;
        final String side;
        final boolean noPass;

        Position(char[] board, String side, boolean noPass) {
            this.board = board;
            this.side = side;
            this.noPass = noPass;
        }

        public String toMove() { return side; }

        /** The discs a disc of side on square i would flip. */
        List<Integer> flips(int i, String who) {
            List<Integer> out = new ArrayList<>();
            if (board[i] != '-') return out;
            for (int[] d : DIRECTIONS) {
                List<Integer> line = new ArrayList<>();
                int r = i / 8 + d[0], c = i % 8 + d[1];
                while (r >= 0 && r < 8 && c >= 0 && c < 8 && board[r * 8 + c] == disc(other(who))) {
                    line.add(r * 8 + c);
                    r += d[0];
                    c += d[1];
                }
                if (!line.isEmpty() && r >= 0 && r < 8 && c >= 0 && c < 8 && board[r * 8 + c] == disc(who)) out.addAll(line);
            }
            return out;
        }

        List<String> moves(String who) {
            List<String> out = new ArrayList<>();
            for (int i = 0; i < 64; i++)
                if (!flips(i, who).isEmpty()) out.add("" + "abcdefgh".charAt(i % 8) + (i / 8 + 1));
            return out;
        }

        public List<String> legal() {
            List<String> own = moves(side);
            if (!own.isEmpty()) return own;
            if (noPass || moves(other(side)).isEmpty()) return List.of(); // the game is over
            return List.of("pass");
        }

        public Position play(String move) {
            char[] b = board.clone();
            if (!move.equals("pass")) {
                int i = "abcdefgh".indexOf(move.charAt(0)) + 8 * (move.charAt(1) - '1');
                for (int j : flips(i, side)) b[j] = disc(side);
                b[i] = disc(side);
            }
            return new Position(b, other(side), noPass);
        }

        /** Discs of who minus the opponent's. */
        int discs(String who) {
            int n = 0;
            for (char c : board) n += c == disc(who) ? 1 : c == disc(other(who)) ? -1 : 0;
            return n;
        }

        public int result() { return Integer.signum(discs(side)); }
    }
}
