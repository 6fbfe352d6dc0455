// Command edax is a stand-in for Edax 4.6's GTP mode (edax -gtp), for the
// tests: it answers the commands a controller sends as Edax's gtp.c does,
// byte for byte (showboard's board aside), and behaves as
// Edax does in the three ways that break a naive controller:
//   - it needs its data folder: started elsewhere it writes "Cannot open
//     data/eval.dat" to standard error and exits with status 1 before
//     reading a command;
//   - before the reply to a genmove that searched, it writes a progress
//     line "*** SEARCH STILL RUNNING ? (1) ***" to standard output (Edax
//     prints it with printf when a helper thread runs past its time, and
//     it reaches the pipe just before "= g4", with the same flush);
//   - it spends its whole allotted time on every searched move, the time
//     Edax's search_time_init allots: with time_settings M B S and S > 0
//     ("time per move") max(M s - 10 ms, 100 ms), whatever time_left says;
//     otherwise ("time per game") max(L/d - 10 ms, 100 ms), L the last
//     time_left of its colour and d = max((empties - 20)/2, 2) (Edax
//     estimates the 20, the depth it can solve, from its speed).
//
// It plays the first legal move in a1, b1, ... order; the first move of
// the game (f5 for Black, which Edax plays at once from its book or by
// symmetry) and forced moves take no time. Each command it receives is
// also written to standard error as "got COMMAND", for the tests.
package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"boardgames/rules"
	"boardgames/rules/games"
)

func main() {
	if f, err := os.Open("data/eval.dat"); err != nil {
		fmt.Fprint(os.Stderr, "Cannot open data/eval.dat")
		os.Exit(1)
	} else {
		f.Close()
	}
	os.Exit(serve())
}

// edax is the state of gtp.c's loop.
type edax struct {
	out                *bufio.Writer
	rec                games.Record
	perMove            bool
	mainTime           int // seconds, from time_settings
	byoTime, byoStones int
	left               [2]time.Duration // from time_left
	id                 int
	hasID              bool
}

func (e *edax) send(s string) {
	if e.hasID {
		fmt.Fprintf(e.out, "= %d ", e.id)
	} else {
		fmt.Fprint(e.out, "= ")
	}
	fmt.Fprint(e.out, s+"\n\n")
	e.out.Flush()
}

func (e *edax) fail(s string) {
	if e.hasID {
		fmt.Fprintf(e.out, "? %d ", e.id)
	} else {
		fmt.Fprint(e.out, "? ")
	}
	fmt.Fprint(e.out, s+"\n\n")
	e.out.Flush()
}

func (e *edax) clear() {
	g, _ := games.Lookup("othello")
	start, _ := g.Start(games.Settings{})
	e.rec = games.NewRecord(start)
}

func serve() int {
	e := &edax{out: bufio.NewWriter(os.Stdout), perMove: false, mainTime: 315576000}
	e.clear()
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		line := preprocess(in.Text())
		fmt.Fprintf(os.Stderr, "got %s\n", line)
		f := strings.Fields(line)
		e.hasID = false
		if len(f) > 0 && f[0][0] >= '0' && f[0][0] <= '9' {
			e.id, _ = strconv.Atoi(f[0])
			e.hasID = true
			f = f[1:]
		}
		if len(f) == 0 {
			continue
		}
		cmd, args := f[0], f[1:]
		param := strings.Join(args, " ")
		switch cmd {
		case "protocol_version":
			e.send("2")
		case "name":
			e.send("Edax")
		case "version":
			e.send("4.6")
		case "known_command":
			e.send(strconv.FormatBool(strings.Contains("\n"+commands+"\n", "\n"+param+"\n")))
		case "list_commands":
			e.send(commands)
		case "quit", "eof":
			e.send("")
			return 0
		case "boardsize":
			if n, _ := strconv.Atoi(param); n != 8 {
				e.fail("unacceptable size")
			} else {
				e.send("")
			}
		case "clear_board":
			e.clear()
			e.send("")
		case "komi":
			e.send("")
		case "play":
			e.play(args)
		case "genmove":
			e.genmove(args)
		case "undo":
			if e.rec.Len() == 0 {
				e.fail("cannot undo")
			} else {
				e.rec.Undo()
				e.send("")
			}
		case "time_settings":
			n := atois(args, 3)
			e.mainTime, e.byoTime, e.byoStones = n[0], n[1], n[2]
			e.perMove = e.byoStones > 0
			e.send("")
		case "time_left":
			c, ok := colour(args)
			t, n := 0.0, 0
			if len(args) > 1 {
				t, _ = strconv.ParseFloat(args[1], 64)
			}
			if len(args) > 2 {
				n, _ = strconv.Atoi(args[2])
			}
			if ok && !e.perMove {
				e.left[c] = time.Duration(t * float64(time.Second))
			}
			_ = n // Edax keeps t/n in time per move, and never reads it
			e.send("")
		case "set_game":
			if param == "Othello" {
				e.send("")
			} else {
				e.fail("unsupported game")
			}
		case "list_games":
			e.send("Othello")
		case "showboard":
			e.send("\n" + strings.Join(e.rec.Position().Rows(), "\n"))
		default:
			e.fail("unknown command")
		}
	}
	return 0
}

// commands is Edax's list_commands.
const commands = "protocol_version\nname\nversion\nknown_command\nlist_commands\n" +
	"quit\nboardsize\nclear_board\nkomi\nplay\ngenmove\nundo\n" +
	"time_settings\ntime_left\nset_game\nlist_games\n" +
	"loadsgf\nreg_genmove\nshowboard"

// preprocess is gtp_preprocess: tabs to spaces, '#' ends the line,
// control characters go.
func preprocess(line string) string {
	var b strings.Builder
	for _, c := range []byte(line) {
		if c == '\t' {
			c = ' '
		}
		if c == '#' {
			break
		}
		if c < 32 {
			continue
		}
		b.WriteByte(c)
	}
	return strings.TrimSpace(b.String())
}

func atois(args []string, n int) []int {
	out := make([]int, n)
	for i := 0; i < n && i < len(args); i++ {
		out[i], _ = strconv.Atoi(args[i])
	}
	return out
}

func colour(args []string) (rules.Player, bool) {
	if len(args) == 0 {
		return 0, false
	}
	switch args[0] {
	case "black", "b":
		return rules.Black, true
	case "white", "w":
		return rules.White, true
	}
	return 0, false
}

// turn passes for the side to move when it must, as Edax does when told
// of the other colour's move.
func (e *edax) turn(c rules.Player) bool {
	pos := e.rec.Position()
	if pos.ToMove() == c {
		return true
	}
	if legal := pos.Legal(); len(legal) == 1 && pos.MoveString(legal[0]) == "pass" {
		e.rec.Play(legal[0])
		return true
	}
	return false
}

func (e *edax) play(args []string) {
	c, ok := colour(args)
	if !ok {
		e.fail("syntax error (wrong or missing color)")
		return
	}
	if !e.turn(c) {
		e.fail("wrong color")
		return
	}
	if len(args) < 2 {
		e.fail("illegal move")
		return
	}
	m, err := e.rec.Position().ParseMove(args[1])
	if err == nil {
		err = e.rec.Play(m)
	}
	if err != nil {
		e.fail("illegal move")
		return
	}
	e.send("")
}

func (e *edax) genmove(args []string) {
	c, ok := colour(args)
	if !ok {
		e.fail("syntax error (wrong or missing color)")
		return
	}
	if !e.turn(c) {
		e.fail("wrong color")
		return
	}
	pos := e.rec.Position()
	legal := pos.Legal()
	if len(legal) == 0 || e.rec.Result().Over() {
		e.send("pass")
		return
	}
	m := legal[0]
	searched := len(legal) > 1 && e.rec.Len() > 0
	if searched {
		time.Sleep(e.allotted(pos))
		fmt.Fprint(e.out, "*** SEARCH STILL RUNNING ? (1) ***\n") // flushed with the reply
	}
	e.rec.Play(m)
	e.send(strings.ToLower(pos.MoveString(m)))
}

// allotted is Edax's search->time.extra for this move.
func (e *edax) allotted(pos games.Position) time.Duration {
	const least = 100 * time.Millisecond
	if e.perMove {
		return max(time.Duration(e.mainTime)*time.Second-10*time.Millisecond, least)
	}
	empties := 0
	for _, r := range pos.Rows() {
		empties += strings.Count(r, "-")
	}
	d := max((empties-20)/2, 2)
	return max(e.left[pos.ToMove()]/time.Duration(d)-10*time.Millisecond, least)
}
