import java.io.IOException;

/** A minimal alpha-beta Connect4 bot: its evaluation, searched by
 * AlphaBeta (negamax with alpha-beta pruning, deepened one ply at a time).
 * Boardgames runs it as
 * gtp:"java -cp CLASSES Connect4AlphaBeta" and talks to it through GTP. */
public final class Connect4AlphaBeta {
    /** Discs in the middle columns count most: they take part in more fours. */
    static int evaluate(Gtp.Position p) {
        Connect4.Position c = (Connect4.Position) p;
        int[] weight = {1, 2, 3, 4, 3, 2, 1};
        char own = c.toMove().equals("b") ? 'X' : 'O';
        int value = 0;
        for (int col = 0; col < 7; col++)
            for (int r = 0; r < c.height[col]; r++) value += c.cells[col][r] == own ? weight[col] : -weight[col];
        return value;
    }

    public static void main(String[] args) throws IOException {
        Gtp.run(new Connect4(), AlphaBeta.chooser(Connect4AlphaBeta::evaluate), "connect4-alphabeta");
    }
}
