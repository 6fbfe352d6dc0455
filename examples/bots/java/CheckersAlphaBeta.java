import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A minimal alpha-beta Checkers bot: negamax with alpha-beta pruning, deepened one
 * ply at a time until a third of the move's time is used (the rest is a margin
 * for a slow machine). Boardgames runs it as
 * gtp:"java -cp CLASSES CheckersAlphaBeta" and talks to it through GTP. */
public final class CheckersAlphaBeta {
    static final int WIN = 1_000_000;

    static final class OutOfTime extends RuntimeException {
        private static final long serialVersionUID = 1;
    }

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

    /** The value of position for the side to move, searched depth plies deep. */
    static int alphaBeta(Gtp.Position position, int depth, int alpha, int beta, long deadline) {
        List<String> moves = position.legal();
        if (moves.isEmpty()) return WIN * position.result(); // the game is over: its exact result
        if (depth == 0) return evaluate(position);
        if (System.nanoTime() > deadline) throw new OutOfTime();
        for (String move : moves) {
            int value = -alphaBeta(position.play(move), depth - 1, -beta, -alpha, deadline);
            if (value > alpha) alpha = value;
            if (alpha >= beta) break;
        }
        return alpha;
    }

    /** The best move of the deepest search finished in a third of the time. */
    static String choose(Gtp.Position position, double seconds) {
        long deadline = System.nanoTime() + (long) ((seconds < 0 ? 10 : seconds) / 3 * 1e9);
        List<String> moves = new ArrayList<>(position.legal());
        String best = moves.get(0);
        for (int depth = 1; depth < 64; depth++) {
            Map<String, Integer> values = new HashMap<>();
            try {
                for (String m : moves) values.put(m, -alphaBeta(position.play(m), depth - 1, -WIN - 1, WIN + 1, deadline));
            } catch (OutOfTime e) {
                break;
            }
            moves.sort((a, b) -> values.get(b) - values.get(a)); // the best first at the next depth
            best = moves.get(0);
            if (Math.abs(values.get(best)) == WIN) break;
        }
        return best;
    }

    public static void main(String[] args) throws IOException {
        Gtp.run(new Checkers(), CheckersAlphaBeta::choose, "checkers-alphabeta");
    }
}
