import java.io.IOException;

/** A minimal alpha-beta Othello bot: its evaluation, searched by
 * AlphaBeta (negamax with alpha-beta pruning, deepened one ply at a time).
 * Boardgames runs it as
 * gtp:"java -cp CLASSES OthelloAlphaBeta" and talks to it through GTP. */
public final class OthelloAlphaBeta {
    /** Discs and corners (a corner is worth ten discs), for the side to move. */
    static int evaluate(Gtp.Position p) {
        Othello.Position o = (Othello.Position) p;
        int corners = 0;
        for (int c : new int[] {0, 7, 56, 63})
            corners += o.board[c] == Othello.disc(o.side) ? 1 : o.board[c] == Othello.disc(Othello.other(o.side)) ? -1 : 0;
        return o.discs(o.side) + 10 * corners;
    }

    public static void main(String[] args) throws IOException {
        Gtp.run(new Othello(), AlphaBeta.chooser(OthelloAlphaBeta::evaluate), "othello-alphabeta");
    }
}
