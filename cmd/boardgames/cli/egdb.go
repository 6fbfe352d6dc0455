package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"boardgames/ai/bots"
	"boardgames/ai/solve/egdb"
	"boardgames/internal/nowait"
	"boardgames/rules/checkers"
)

func init() {
	commands["egdb"] = command{"checkers endgame databases: build, verify, probe, info", runEgdb}
}

const egdbUsage = `build -pieces N [-dir D] [-nice P]   build the databases of up to N pieces
       boardgames egdb verify [-pieces N] [-dir D]          check every position of the databases
       boardgames egdb probe -position FEN [-dir D] [-json] the value of a position and of each move
       boardgames egdb info [-dir D] [-json]                what is built: subdatabases, positions, bytes`

func runEgdb(e *env, args []string) error {
	if len(args) == 0 {
		return badInputf("egdb needs a command: %s", "boardgames egdb "+egdbUsage)
	}
	switch args[0] {
	case "build":
		return staged(prepareEgdbBuild)(e, args[1:])
	case "verify":
		return staged(prepareEgdbVerify)(e, args[1:])
	case "probe":
		return staged(prepareEgdbProbe)(e, args[1:])
	case "info":
		return staged(prepareEgdbInfo)(e, args[1:])
	case "-h", "-help", "--help", "help":
		fmt.Fprintf(e.stdout, "usage: boardgames egdb %s\n", egdbUsage)
		return nil
	}
	return badInputf("egdb: unknown command %q (build, verify, probe or info)", args[0])
}

// egdbDir resolves -dir: by default $BOARDGAMES_EGDB, where the bots
// look, else the user's cache folder. A database file of the folder that
// is not a regular file (a named pipe, a device) is refused at once: its
// reads would wait.
func egdbDir(dir string) (string, error) {
	if dir == "" {
		switch dir = os.Getenv(bots.EnvDB); dir {
		case "off":
			return "", badInputf("$%s is off (no databases): name the folder with -dir", bots.EnvDB)
		case "":
			d, err := egdb.DefaultDir()
			if err != nil {
				return "", badInput(err)
			}
			dir = d
		}
	}
	entries, _ := os.ReadDir(dir) // a missing folder is each command's to report
	for _, en := range entries {
		name := en.Name()
		if !strings.HasPrefix(name, "db-") || !strings.HasSuffix(name, ".wld") && !strings.HasSuffix(name, ".dtw") {
			continue
		}
		p := filepath.Join(dir, name)
		if st, err := os.Stat(p); err == nil && !st.Mode().IsRegular() {
			return "", badInput(&nowait.NotRegularError{Path: p, Kind: nowait.Kind(st.Mode())})
		}
	}
	return dir, nil
}

func dirFlagHelp() string {
	d, err := egdb.DefaultDir()
	if err != nil {
		d = "the user's cache folder"
	}
	return "the databases' folder (default $" + bots.EnvDB + " when set, else " + d + ")"
}

func prepareEgdbBuild(e *env, args []string) (func() error, error) {
	fs := e.newFlags("egdb build", "-pieces N [-dir D] [-nice P]\n\n"+
		"Builds the checkers endgame databases of up to N pieces (2..6) by retrograde analysis:\n"+
		"win, loss or draw in 2 bits a position, and the depth to win in a byte. A build that is\n"+
		"stopped (Ctrl+C, a crash) goes on where it was when run again: each finished subdatabase\n"+
		"is kept. 5 pieces: 139 million positions, about 190 MB, minutes; 6 pieces: 2.4 billion\n"+
		"positions, about 3 GB on disk and 1 GB of memory, about 40 minutes on 2 cores.\n")
	pieces := fs.Int("pieces", 0, "build every subdatabase of up to this many pieces, 2..6")
	dir := fs.String("dir", "", dirFlagHelp())
	nice := fs.Int("nice", 10, "lower the build's priority by this much (0..19), so other work goes first")
	if err := parse(fs, args); err != nil {
		return nil, err
	}
	switch {
	case *pieces < 2 || *pieces > egdb.MaxBuildPieces:
		return nil, badInputf("-pieces must be 2..%d, not %d", egdb.MaxBuildPieces, *pieces)
	case *nice < 0 || *nice > 19:
		return nil, badInputf("-nice must be 0..19, not %d", *nice)
	}
	d, err := egdbDir(*dir)
	if err != nil {
		return nil, err
	}
	return func() error { return e.egdbBuild(d, *pieces, *nice) }, nil
}

func (e *env) egdbBuild(dir string, pieces, nice int) error {
	if nice > 0 {
		if err := lowerPriority(nice); err != nil {
			fmt.Fprintf(e.stderr, "boardgames egdb build: could not lower the priority: %v\n", err)
		}
	}
	fmt.Fprintf(e.stdout, "building the checkers endgame databases of up to %d pieces in %s\n", pieces, dir)
	onMove, done := e.progressLine("egdb", "positions")
	var key string
	opt := egdb.BuildOptions{Pieces: pieces}
	if onMove != nil {
		start := time.Now()
		f := e.stderr
		opt.Progress = func(p egdb.BuildProgress) {
			key = fmt.Sprintf("%v %s", p.Key, p.Stage)
			pct := 100 * float64(p.Done) / float64(max(p.Total, 1))
			fmt.Fprintf(f, "\r\033[Kegdb: %s: %.1f%% of %d positions, %s", key, pct, p.Total, time.Since(start).Round(time.Second))
		}
	}
	start := time.Now()
	var sum egdbSum
	opt.Done = func(r egdb.SubResult) {
		done()
		sum.add(r)
		how := r.Elapsed.Round(time.Millisecond).String()
		if r.Resumed {
			how = "built before"
		}
		fmt.Fprintf(e.stdout, "%v %3d pieces %13d positions  win %6.2f%%  loss %6.2f%%  draw %6.2f%%  longest %3d plies  %s\n",
			r.Key, r.Key.Pieces(), r.Positions, pct(r.Wins, r.Positions), pct(r.Losses, r.Positions), pct(r.Draws, r.Positions), r.MaxPlies, how)
	}
	_, err := egdb.Build(e.ctx, dir, opt)
	done()
	if err != nil {
		if e.ctx.Err() != nil {
			return interrupted("the finished subdatabases are kept; run the same command to go on")
		}
		return err
	}
	fmt.Fprintf(e.stdout, "done: %d subdatabases, %d positions (%d with either side to move), %.1f MB, %s\n",
		sum.subs, sum.positions, 2*sum.positions, float64(sum.bytes)/1e6, time.Since(start).Round(time.Second))
	return nil
}

func pct(n, of int64) float64 { return 100 * float64(n) / float64(max(of, 1)) }

// egdbSum adds up subdatabases.
type egdbSum struct {
	subs                           int
	positions, wins, losses, draws int64
	bytes                          int64
	longest                        int
}

func (s *egdbSum) add(r egdb.SubResult) {
	s.subs++
	s.positions += r.Positions
	s.wins += r.Wins
	s.losses += r.Losses
	s.draws += r.Draws
	s.bytes += r.Bytes
	s.longest = max(s.longest, r.MaxPlies)
}

func prepareEgdbVerify(e *env, args []string) (func() error, error) {
	fs := e.newFlags("egdb verify", "[-pieces N] [-dir D]\n\n"+
		"Checks every position of the databases against its moves, played forwards by the rules\n"+
		"(independently of the builder), and every file's checksum and figures.\n")
	pieces := fs.Int("pieces", 0, "check the databases of up to this many pieces (default: all that are built)")
	dir := fs.String("dir", "", dirFlagHelp())
	if err := parse(fs, args); err != nil {
		return nil, err
	}
	d, err := egdbDir(*dir)
	if err != nil {
		return nil, err
	}
	if *pieces == 0 {
		db, err := egdb.Open(d, 0)
		if err != nil {
			return nil, badInput(err)
		}
		*pieces = db.Pieces()
	}
	if *pieces < 2 || *pieces > egdb.MaxBuildPieces {
		return nil, badInputf("-pieces must be 2..%d, not %d", egdb.MaxBuildPieces, *pieces)
	}
	return func() error { return e.egdbVerify(d, *pieces) }, nil
}

func (e *env) egdbVerify(dir string, pieces int) error {
	onMove, done := e.progressLine("egdb verify", "positions")
	var progress func(int64, int64)
	if onMove != nil {
		start := time.Now()
		f := e.stderr
		progress = func(d, t int64) {
			fmt.Fprintf(f, "\r\033[Kegdb verify: %.1f%% of %d positions, %s", pct(d, t), t, time.Since(start).Round(time.Second))
		}
	}
	start := time.Now()
	var sum egdbSum
	err := egdb.Verify(e.ctx, dir, pieces, progress, func(r egdb.SubResult) {
		done()
		sum.add(r)
		fmt.Fprintf(e.stdout, "%v ok: %d positions, %s\n", r.Key, r.Positions, r.Elapsed.Round(time.Millisecond))
	})
	done()
	if err != nil {
		if e.ctx.Err() != nil {
			return interrupted("the subdatabases listed were checked")
		}
		return err
	}
	fmt.Fprintf(e.stdout, "verified: %d subdatabases of up to %d pieces, %d positions, every one consistent with its moves, %s\n",
		sum.subs, pieces, sum.positions, time.Since(start).Round(time.Second))
	return nil
}

func prepareEgdbProbe(e *env, args []string) (func() error, error) {
	fs := e.newFlags("egdb probe", "-position FEN [-draw N] [-dir D] [-json]\n\n"+
		"Prints the value of a checkers position from the databases, and of each legal move.\n")
	position := fs.String("position", "", "the position in PDN FEN, e.g. W:WK10:BK1,K3")
	draw := fs.Int("draw", 0, "the draw rule: moves by each side without capture or man move (default 40)")
	dir := fs.String("dir", "", dirFlagHelp())
	asJSON := fs.Bool("json", false, "print one JSON object")
	if err := parse(fs, args); err != nil {
		return nil, err
	}
	if *position == "" {
		return nil, badInputf("-position is required (a checkers position in PDN FEN)")
	}
	p, err := checkers.Parse(*position, checkers.Options{DrawMoves: *draw})
	if err != nil {
		return nil, badInput(err)
	}
	d, err := egdbDir(*dir)
	if err != nil {
		return nil, err
	}
	db, err := egdb.Open(d, egdb.MaxBuildPieces)
	if err != nil {
		return nil, badInput(err)
	}
	return func() error { return e.egdbProbe(db, p, *asJSON) }, nil
}

// probeJSON is one value in egdb probe's JSON.
type probeJSON struct {
	Move   string `json:"move,omitempty"`
	Value  string `json:"value"`           // win, loss, draw
	Plies  int    `json:"plies,omitempty"` // to the end with best play, when known
	Words  string `json:"words"`
	Holds  bool   `json:"holds"` // the value under the draw rule from this position
	Pieces int    `json:"-"`
}

func (e *env) egdbProbe(db *egdb.DB, p checkers.Position, asJSON bool) error {
	if n := pieceCount(p); n > db.Pieces() {
		return badInputf("the position has %d pieces; the databases in %s have up to %d", n, db.Dir(), db.Pieces())
	}
	r, ok := db.Probe(p)
	if !ok {
		if err := db.Err(p); err != nil {
			return err
		}
		return errors.New("the position cannot be probed")
	}
	moves, ok := db.Moves(p)
	if !ok {
		return fmt.Errorf("a move of the position cannot be probed: %v", db.Err(p))
	}
	head := probeJSON{Value: r.Value.String(), Plies: max(r.Plies, 0), Words: resultWords(r), Holds: r.Holds(p.QuietPlies(), p.DrawPlies())}
	var list []probeJSON
	for _, m := range moves {
		list = append(list, probeJSON{Move: p.MoveString(m.Move), Value: m.Result.Value.String(), Plies: max(m.Result.Plies, 0),
			Words: resultWords(m.Result), Holds: m.Result.Holds(p.QuietPlies()+1, p.DrawPlies())})
	}
	if asJSON {
		return e.printJSON(struct {
			Position string `json:"position"`
			ToMove   string `json:"toMove"`
			probeJSON
			Moves []probeJSON `json:"moves"`
		}{p.String(), p.ToMove().String(), head, append([]probeJSON{}, list...)})
	}
	fmt.Fprintf(e.stdout, "%s, %s to move: %s\n", p.String(), p.ToMove(), resultWords(r))
	if !head.Holds && r.Value != egdb.Draw {
		fmt.Fprintf(e.stdout, "(the draw rule may end the game first: %d quiet plies of %d played)\n", p.QuietPlies(), p.DrawPlies())
	}
	for _, m := range list {
		fmt.Fprintf(e.stdout, "  %-8s %s\n", m.Move, m.Words)
	}
	return nil
}

// resultWords spells out a result: "win in 7 plies", "draw".
func resultWords(r egdb.Result) string {
	switch {
	case r.Value == egdb.Draw:
		return "draw"
	case r.Plies >= 0:
		return fmt.Sprintf("%s in %d plies", r.Value, r.Plies)
	}
	return r.Value.String()
}

func pieceCount(p checkers.Position) int {
	b, w, _ := p.Bitboards()
	n := 0
	for x := b | w; x != 0; x &= x - 1 {
		n++
	}
	return n
}

func prepareEgdbInfo(e *env, args []string) (func() error, error) {
	fs := e.newFlags("egdb info", "[-dir D] [-json]\n\nLists the subdatabases built: positions, wins, losses, draws, the longest win, bytes.\n")
	dir := fs.String("dir", "", dirFlagHelp())
	asJSON := fs.Bool("json", false, "print one JSON object")
	if err := parse(fs, args); err != nil {
		return nil, err
	}
	d, err := egdbDir(*dir)
	if err != nil {
		return nil, err
	}
	return func() error { return e.egdbInfo(d, *asJSON) }, nil
}

func (e *env) egdbInfo(dir string, asJSON bool) error {
	subs := egdb.Built(dir)
	if asJSON {
		type subJSON struct {
			Name                           string `json:"name"`
			Pieces                         int    `json:"pieces"`
			Positions, Wins, Losses, Draws int64
			MaxPlies                       int   `json:"maxPlies"`
			Bytes                          int64 `json:"bytes"`
		}
		out := []subJSON{}
		for _, r := range subs {
			out = append(out, subJSON{r.Key.String(), r.Key.Pieces(), r.Positions, r.Wins, r.Losses, r.Draws, r.MaxPlies, r.Bytes})
		}
		return e.printJSON(map[string]any{"dir": dir, "subdatabases": out})
	}
	if len(subs) == 0 {
		fmt.Fprintf(e.stdout, "no endgame database in %s: run boardgames egdb build -pieces 5\n", dir)
		return nil
	}
	var by [egdb.MaxPieces + 1]egdbSum
	for _, r := range subs {
		by[r.Key.Pieces()].add(r)
	}
	fmt.Fprintf(e.stdout, "%s\n", dir)
	fmt.Fprintln(e.stdout, "pieces  subdatabases      positions    win %   loss %   draw %  longest      bytes")
	for n, s := range by {
		if s.subs > 0 {
			fmt.Fprintf(e.stdout, "%6d  %12d  %13d  %7.2f  %7.2f  %7.2f  %7d  %9.1f MB\n", n, s.subs, s.positions,
				pct(s.wins, s.positions), pct(s.losses, s.positions), pct(s.draws, s.positions), s.longest, float64(s.bytes)/1e6)
		}
	}
	return nil
}
