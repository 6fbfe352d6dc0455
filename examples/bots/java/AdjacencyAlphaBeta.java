import java.io.IOException;

/** A minimal alpha-beta Adjacency bot: its evaluation, searched by
 * AlphaBeta (negamax with alpha-beta pruning, deepened one ply at a time).
 * Boardgames runs it as
 * gtp:"java -cp CLASSES AdjacencyAlphaBeta" and talks to it through GTP. */
public final class AdjacencyAlphaBeta {
    /** Marks of the side to move minus the opponent's. */
    static int evaluate(Gtp.Position p) {
        Adjacency.Position a = (Adjacency.Position) p;
        return a.marks(a.side);
    }

    public static void main(String[] args) throws IOException {
        Gtp.run(new Adjacency(), AlphaBeta.chooser(AdjacencyAlphaBeta::evaluate), "adjacency-alphabeta");
    }
}
