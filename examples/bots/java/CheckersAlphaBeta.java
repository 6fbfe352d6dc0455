import java.io.IOException;

/** A minimal alpha-beta Checkers bot: its evaluation, searched by
 * AlphaBeta (negamax with alpha-beta pruning, deepened one ply at a time).
 * Boardgames runs it as
 * gtp:"java -cp CLASSES CheckersAlphaBeta" and talks to it through GTP. */
public final class CheckersAlphaBeta {
    /** Material (a man 100, a king 150) and how far the men have come, for the side to move. */
    static int evaluate(Gtp.Position p) {
        Checkers.Position c = (Checkers.Position) p;
        int value = 0;
        for (int n = 1; n <= 32; n++) {
            char piece = c.board[n];
            if (piece == 0) continue;
            int row = Checkers.row(n);
            int worth = Character.isUpperCase(piece) ? 150 : 100 + 2 * (piece == 'b' ? row : 7 - row);
            value += Character.toLowerCase(piece) == c.side.charAt(0) ? worth : -worth;
        }
        return value;
    }

    public static void main(String[] args) throws IOException {
        Gtp.run(new Checkers(), AlphaBeta.chooser(CheckersAlphaBeta::evaluate), "checkers-alphabeta");
    }
}
