import java.io.IOException;
import java.util.List;
import java.util.Random;

/** A random Othello bot: it plays a uniformly random legal move. Boardgames runs it
 * as gtp:"java -cp CLASSES OthelloRandom" and talks to it through GTP. */
public final class OthelloRandom {
    public static void main(String[] args) throws IOException {
        Random random = new Random();
        Gtp.run(new Othello(), (position, seconds) -> {
            List<String> moves = position.legal();
            return moves.get(random.nextInt(moves.size()));
        }, "othello-random");
    }
}
