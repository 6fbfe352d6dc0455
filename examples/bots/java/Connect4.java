import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Connect Four: seven columns of six cells; 'X' is the first player (b), 'O'
 * the second (w). Moves are columns "1".."7".
 */
public final class Connect4 implements Gtp.Rules {
    public String name() { return "Connect Four"; }

    public Gtp.Position start(Map<String, String> settings) { return new Position(new char[7][6], new int[7]); }

    /** Rows top to bottom separated by '/', such as -------/.../---X---. */
    public Gtp.Position parse(String text, Map<String, String> settings) {
        String[] rows = text.trim().split("/");
        char[][] cells = new char[7][6];
        int[] height = new int[7];
        for (int r = rows.length - 1; r >= 0; r--)
            for (int c = 0; c < 7; c++) {
                char x = Character.toUpperCase(rows[r].charAt(c));
                if (x == 'X' || x == 'O') cells[c][height[c]++] = x;
            }
        return new Position(cells, height);
    }

    /** A position: the cells of each column from the bottom, and their heights. */
    public static final class Position implements Gtp.Position {
        final char[][] cells;
        final int[] height;
        final int stones;

        Position(char[][] cells, int[] height) {
            this.cells = cells;
            this.height = height;
            int n = 0;
            for (int h : height) n += h;
            stones = n;
        }

        public String toMove() { return stones % 2 == 0 ? "b" : "w"; }

        char at(int c, int r) { return c >= 0 && c < 7 && r >= 0 && r < height[c] ? cells[c][r] : 0; }

        /** 'X' or 'O' when one has four in a row, else 0. */
        char winner() {
            int[][] dirs = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
            for (int c = 0; c < 7; c++)
                for (int r = 0; r < height[c]; r++)
                    for (int[] d : dirs) {
                        int k = 1;
                        while (k < 4 && at(c + k * d[0], r + k * d[1]) == cells[c][r]) k++;
                        if (k == 4) return cells[c][r];
                    }
            return 0;
        }

        public List<String> legal() {
            List<String> out = new ArrayList<>();
            if (winner() != 0) return out;
            for (int c = 0; c < 7; c++) if (height[c] < 6) out.add(String.valueOf(c + 1));
            return out;
        }

        public Position play(String move) {
            int c = Integer.parseInt(move) - 1;
            char[][] next = new char[7][];
            for (int i = 0; i < 7; i++) next[i] = cells[i].clone();
            int[] h = height.clone();
            next[c][h[c]++] = toMove().equals("b") ? 'X' : 'O';
            return new Position(next, h);
        }

        /** The one who made four is the one who just moved: the side to move has lost. */
        public int result() { return winner() != 0 ? -1 : 0; }
    }
}
