import java.io.IOException;
import java.util.List;
import java.util.Random;

/** A random Connect4 bot: it plays a uniformly random legal move. Boardgames runs it
 * as gtp:"java -cp CLASSES Connect4Random" and talks to it through GTP. */
public final class Connect4Random {
    public static void main(String[] args) throws IOException {
        Random random = new Random();
        Gtp.run(new Connect4(), (position, seconds) -> {
            List<String> moves = position.legal();
            return moves.get(random.nextInt(moves.size()));
        }, "connect4-random");
    }
}
