import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;

/** The search of the alpha-beta bots: negamax with alpha-beta pruning, deepened
 * one ply at a time until a third of the move's time is used (the rest is a
 * margin for a slow machine). A bot gives it its evaluation: OthelloAlphaBeta
 * and the others. */
public final class AlphaBeta {
    static final int WIN = 1_000_000;

    private AlphaBeta() {}

    static final class OutOfTime extends RuntimeException {
        private static final long serialVersionUID = 1;
    }

    /** The value of position for the side to move, searched depth plies deep. */
    static int search(ToIntFunction<Gtp.Position> evaluate, Gtp.Position position, int depth, int alpha, int beta, long deadline) {
        List<String> moves = position.legal();
        if (moves.isEmpty()) return WIN * position.result(); // the game is over: its exact result
        if (depth == 0) return evaluate.applyAsInt(position);
        if (System.nanoTime() > deadline) throw new OutOfTime();
        for (String move : moves) {
            int value = -search(evaluate, position.play(move), depth - 1, -beta, -alpha, deadline);
            if (value > alpha) alpha = value;
            if (alpha >= beta) break;
        }
        return alpha;
    }

    /** The bot for Gtp.run: the best move of the deepest search finished in a third of the time. */
    static Gtp.Chooser chooser(ToIntFunction<Gtp.Position> evaluate) {
        return (position, seconds) -> {
            long deadline = System.nanoTime() + (long) ((seconds < 0 ? 10 : seconds) / 3 * 1e9);
            List<String> moves = new ArrayList<>(position.legal());
            String best = moves.get(0);
            for (int depth = 1; depth < 64; depth++) {
                Map<String, Integer> values = new HashMap<>();
                try {
                    for (String m : moves) values.put(m, -search(evaluate, position.play(m), depth - 1, -WIN - 1, WIN + 1, deadline));
                } catch (OutOfTime e) {
                    break;
                }
                moves.sort((a, b) -> values.get(b) - values.get(a)); // the best first at the next depth
                best = moves.get(0);
                if (Math.abs(values.get(best)) == WIN) break;
            }
            return best;
        };
    }
}
