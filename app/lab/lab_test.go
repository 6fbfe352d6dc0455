package lab

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	ailab "boardgames/ai/lab"
	"boardgames/app/internal/apptest"
	"boardgames/rules/games"
)

// source is the main window's game, for the tests.
type source struct {
	pos      games.Position
	settings games.Settings
	plies    int
}

func (s *source) Position() games.Position { return s.pos }
func (s *source) Settings() games.Settings { return s.settings }
func (s *source) Len() int                 { return s.plies }

type fixture struct {
	t   *testing.T
	l   *Lab
	q   *apptest.Queue
	src *source
	w   fyne.Window
}

// newFixture opens the lab on a position of game reached by moves, in a
// test app with private config and cache folders.
func newFixture(t *testing.T, game, moves string) *fixture {
	t.Helper()
	return newFixtureIn(t, nil, game, moves)
}

// newFixtureIn is newFixture in theme th (nil: the test app's).
func newFixtureIn(t *testing.T, th fyne.Theme, game, moves string) *fixture {
	t.Helper()
	apptest.PrivateDirs(t)
	a := test.NewTempApp(t)
	if th != nil {
		a.Settings().SetTheme(th)
	}
	_, rec := apptest.Record(t, game, games.Settings{}, moves)
	f := &fixture{t: t, q: &apptest.Queue{Timeout: 30 * time.Second}, src: &source{pos: rec.Position(), plies: rec.Len()}}
	f.l = New(f.src, Options{Post: f.q.Post, ProgressEvery: time.Millisecond})
	f.w = test.NewWindow(f.l.Content())
	f.l.SetWindow(f.w)
	f.w.Resize(WindowSize)
	t.Cleanup(func() {
		f.l.Close()
		f.q.Drain()
	})
	return f
}

// until runs the posted functions until cond holds, and then what was
// posted meanwhile.
func (f *fixture) until(what string, cond func() bool) {
	f.t.Helper()
	f.q.Until(f.t, what, cond)
	f.q.Drain()
}

// fits checks that the lab still fits its window: a long text that does
// not wrap, or too many fixed heights, would grow the window past the
// screen.
func (f *fixture) fits() {
	f.t.Helper()
	if m := f.l.Content().MinSize(); m.Width > WindowSize.Width || m.Height > WindowSize.Height {
		f.t.Errorf("the lab needs %v, more than its window %v", m, WindowSize)
	}
}

// runTask presses a task's Run button and waits for the job to end.
func (f *fixture) runTask(t *task) {
	f.t.Helper()
	jobs := t.jobs
	test.Tap(t.runBtn)
	if t.jobs != jobs+1 {
		f.t.Fatalf("no job started: %q", t.status.Text)
	}
	f.until("the job's end", func() bool { return !t.running() })
	if t.status.Importance != widget.MediumImportance {
		f.t.Fatalf("job failed or cancelled: %q", t.status.Text)
	}
	f.fits()
}

// exportTo writes e into dir through writeFile, as the save dialog does,
// and returns the file's bytes.
func exportTo(t *testing.T, dir string, e export) []byte {
	t.Helper()
	path := filepath.Join(dir, e.name)
	if err := writeFile(path, e); err != nil {
		t.Fatalf("%s: %v", e.label, err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func isPNG(b []byte) bool { return bytes.HasPrefix(b, []byte("\x89PNG")) }

// col returns the index of the column named name in d, failing the test
// if there is none.
func col(t *testing.T, d *dataTable, name string) int {
	t.Helper()
	for i, h := range d.header {
		if h == name {
			return i
		}
	}
	t.Errorf("no column %q in %q", name, d.header)
	return -1
}

func TestCompare(t *testing.T) {
	f := newFixture(t, "othello", "f5d6")
	s := f.l.compare
	s.algos.setIDs([]string{"minimax", "alphabeta", "alphabeta+ordering", "mcts"})
	s.depth.e.SetText("2")
	f.runTask(s.task)
	rows := s.table.Rows()
	if len(rows) != 4 || rows[0][0] != "Minimax" || rows[3][0] != "MCTS" {
		t.Fatalf("rows %v", rows)
	}
	h := s.table.header
	if h[2] != "score (points)" || h[3] != "win rate" || col(t, s.table, "nodes relative to Minimax") < 0 {
		t.Errorf("header %q", h)
	}
	if rows[0][col(t, s.table, "nodes relative to Minimax")] != "×1.000" || rows[1][col(t, s.table, "nodes")] == "" {
		t.Errorf("minimax row %v", rows[0])
	}
	// One unit per column: MCTS's win rate in its own column, the
	// evaluations' scores in theirs.
	if rows[3][2] != "—" || !strings.HasSuffix(rows[3][3], "%") || rows[0][3] != "—" || rows[0][2] == "—" {
		t.Errorf("scores: minimax %v, mcts %v", rows[0][2:4], rows[3][2:4])
	}
	series := s.chart.Series()
	if len(series) != 3 { // mcts has no depth
		t.Fatalf("chart series %+v", series)
	}
	for _, x := range series {
		if len(x.Y) != 2 || x.Y[1] <= x.Y[0] {
			t.Errorf("series %s: nodes %v at depths 1, 2", x.Name, x.Y)
		}
	}
	if !s.chart.LogY() || !strings.Contains(s.summary.Text, "Othello") {
		t.Errorf("summary %q", s.summary.Text)
	}

	dir := t.TempDir()
	csv := string(exportTo(t, dir, export{name: "compare.csv", write: s.writeCSV}))
	if lines := strings.Split(strings.TrimSpace(csv), "\n"); len(lines) != 5 || !strings.HasPrefix(lines[0], "algorithm,bot,") {
		t.Errorf("CSV:\n%s", csv)
	}
	if b := exportTo(t, dir, chartPNG("", "nodes.png", func() fyne.CanvasObject { return s.chart }, nil)); !isPNG(b) {
		t.Error("the chart export is not a PNG")
	}
	if b := exportTo(t, dir, chartCSV("", "nodes.csv", s.chart)); !strings.HasPrefix(string(b), "series,depth,") {
		t.Errorf("chart CSV %q", b)
	}
}

func TestCompareCancelLeavesNoGoroutine(t *testing.T) {
	f := newFixture(t, "othello", "")
	base := runtime.NumGoroutine()
	s := f.l.compare
	s.algos.setIDs([]string{"minimax"})
	s.depth.e.SetText("12") // far too deep to finish
	test.Tap(s.task.runBtn)
	if !s.task.running() {
		t.Fatalf("not running: %q", s.task.status.Text)
	}
	time.Sleep(50 * time.Millisecond)
	f.q.Drain()
	test.Tap(s.task.stop)
	f.until("the cancelled job's end", func() bool { return !s.task.running() })
	if !strings.Contains(s.task.status.Text, "Cancelled") || s.task.runBtn.Disabled() {
		t.Fatalf("status %q", s.task.status.Text)
	}
	apptest.WaitGoroutines(t, base, 5*time.Second)
}

func TestCompareGameOver(t *testing.T) {
	f := newFixture(t, "connect4", "1212121")
	test.Tap(f.l.compare.task.runBtn)
	if f.l.compare.task.jobs != 0 || !strings.Contains(f.l.compare.task.status.Text, "over") {
		t.Fatalf("status %q", f.l.compare.task.status.Text)
	}
}

func TestArenaMatch(t *testing.T) {
	f := newFixture(t, "connect4", "")
	s := f.l.arena
	s.p1.text.SetText("alphabeta:depth=2")
	s.p2.text.SetText("greedy")
	s.games.e.SetText("2")
	s.match.parallel.e.SetText("1")
	f.runTask(s.task)
	res := s.results.Rows()
	if len(res) != 2 || res[0][0] != "P1 alphabeta:depth=2" || res[1][0] != "P2 greedy" {
		t.Fatalf("results %v", res)
	}
	if len(s.games_.Rows()) != 2 {
		t.Fatalf("games %v", s.games_.Rows())
	}
	if !strings.Contains(s.summary.Text, "Elo difference") || !strings.Contains(s.summary.Text, "2 games") {
		t.Errorf("summary %q", s.summary.Text)
	}
	if bars := s.bars.Series(); len(bars) != 2 || bars[0].Y[0]+bars[0].Y[1]+bars[0].Y[2] != 2 {
		t.Errorf("bars %+v", bars)
	}
	// The picker shows the typed bot.
	if s.p1.algoName() != "alphabeta" || s.p1.algo.Selected != "Alpha-beta" || s.p1.depth.Text != "2" {
		t.Errorf("picker %q depth %q", s.p1.algo.Selected, s.p1.depth.Text)
	}
	dir := t.TempDir()
	if b := exportTo(t, dir, tableCSV("", "results.csv", s.results)); !strings.HasPrefix(string(b), "bot,wins") {
		t.Errorf("results CSV %q", b)
	}
	if b := exportTo(t, dir, chartPNG("", "arena.png", s.visibleChart, nil)); !isPNG(b) {
		t.Error("not a PNG")
	}
}

func TestArenaFromTheBoard(t *testing.T) {
	f := newFixture(t, "connect4", "4444")
	s := f.l.arena
	s.p1.text.SetText("alphabeta:depth=1")
	s.p2.text.SetText("random")
	s.games.e.SetText("2")
	s.match.openings.e.SetText("0")
	s.match.fromBoard.SetChecked(true)
	f.runTask(s.task)
	if !strings.Contains(s.summary.Text, "from the board's position") {
		t.Errorf("summary %q", s.summary.Text)
	}
	for _, g := range s.games_.Rows() {
		if moves := g[len(g)-1]; strings.HasPrefix(moves, "4444") {
			t.Errorf("game %s replays the board's moves: %s", g[0], moves)
		}
	}
	if n := len(s.games_.Rows()); n != 2 {
		t.Fatalf("%d games", n)
	}
}

func TestArenaDepthSweep(t *testing.T) {
	f := newFixture(t, "othello", "")
	s := f.l.arena
	s.p1.text.SetText("alphabeta")
	s.p2.text.SetText("random")
	s.games.e.SetText("2")
	s.mode.SetSelected(s.modes[1])
	s.sweepN.e.SetText("2")
	f.runTask(s.task)
	line := s.line.Series()
	if len(line) != 1 || len(line[0].X) != 2 || line[0].X[1] != 2 {
		t.Fatalf("sweep chart %+v", line)
	}
	if rows := s.results.Rows(); len(rows) != 2 || rows[1][0] != "2" {
		t.Fatalf("sweep rows %v", rows)
	}
	if len(s.games_.Rows()) != 4 {
		t.Errorf("games %d", len(s.games_.Rows()))
	}
	// A bot without a depth cannot be swept.
	s.p1.text.SetText("greedy")
	test.Tap(s.task.runBtn)
	if s.task.jobs != 1 || !strings.Contains(s.task.status.Text, "no depth") {
		t.Errorf("status %q", s.task.status.Text)
	}
}

func TestBadSpecRunsNothing(t *testing.T) {
	f := newFixture(t, "connect4", "")
	base := runtime.NumGoroutine()
	s := f.l.arena
	for _, c := range []struct{ text, want string }{
		{"alphabeta:dpth=2", "dpth"},
		{"alphabeta:depth=two", "integer"},
		{"nonsense", "unknown algorithm"},
		{"alphabeta:eval=positional", "no evaluation"}, // an Othello evaluation
		{"engine", "depth or a time"},
		{"", "No bot"},
	} {
		s.p1.text.SetText(c.text)
		if !s.p1.msg.Visible() || !strings.Contains(s.p1.msg.Text, c.want) {
			t.Errorf("%q: message %q, want %q", c.text, s.p1.msg.Text, c.want)
		}
		test.Tap(s.task.runBtn)
		if s.task.jobs != 0 || s.task.running() || s.task.status.Importance != widget.DangerImportance ||
			!strings.Contains(s.task.status.Text, "P1") {
			t.Errorf("%q: a job started or no message: %q", c.text, s.task.status.Text)
		}
	}
	s.p1.text.SetText("alphabeta:depth=2")
	if s.p1.msg.Visible() {
		t.Errorf("message %q for a good bot", s.p1.msg.Text)
	}
	tr := f.l.tournament
	tr.list.SetText("greedy\nalphabeta:depht=3\nrandom")
	test.Tap(tr.task.runBtn)
	if tr.task.jobs != 0 || !strings.Contains(tr.msg.Text, "Line 2") {
		t.Errorf("tournament message %q", tr.msg.Text)
	}
	apptest.WaitGoroutines(t, base, 5*time.Second)
}

func TestTournament(t *testing.T) {
	f := newFixture(t, "adjacency", "")
	s := f.l.tournament
	if !s.match.rounds.e.Visible() {
		t.Error("no round limit for Adjacency")
	}
	s.list.SetText("random\ngreedy\n# a comment\nminimax:depth=1")
	s.games.e.SetText("2")
	s.match.rounds.e.SetText("6")
	s.match.parallel.e.SetText("1")
	f.runTask(s.task)
	st := s.standings.Rows()
	if len(st) != 3 {
		t.Fatalf("standings %v", st)
	}
	cross := s.cross.Rows()
	if len(cross) != 3 || len(cross[0]) != 6 || cross[0][1] != "—" || !strings.HasSuffix(cross[0][2], "/2") {
		t.Fatalf("crosstable %v", cross)
	}
	if !strings.Contains(s.summary.Text, "6 rounds") || !strings.Contains(s.task.status.Text, "6 games played") {
		t.Errorf("summary %q", s.summary.Text)
	}
	if pts := s.points.Series(); len(pts) != 1 || len(pts[0].Y) != 3 {
		t.Errorf("points %+v", pts)
	}
	// The picker adds its bot to the list.
	s.picker.text.SetText("negascout:depth=2")
	s.add()
	if specs, err := s.specs(); err != nil || len(specs) != 4 || specs[3].Algo != "negascout" {
		t.Errorf("after add: %v %v", specs, err)
	}
}

func TestExperiment(t *testing.T) {
	f := newFixture(t, "othello", "")
	s := f.l.experiment
	if s.desc.Text == "" {
		t.Fatal("no description shown")
	}
	s.games.e.SetText("2")
	s.parallel.e.SetText("1")
	s.list.Select(slices.IndexFunc(ailab.Experiments, func(e ailab.Experiment) bool { return e.Name == "othello-greedy-depth" }))
	f.runTask(s.task)
	if len(s.table.Rows()) == 0 || len(s.chart.Series()) == 0 || s.last != "othello-greedy-depth" {
		t.Fatalf("table %v, series %v", s.table.Rows(), s.chart.Series())
	}
	// The paper's findings beside ours, one row each, with a verdict.
	if rows := s.paper.Rows(); len(rows) == 0 || rows[0][1] != "greedy has more discs than alpha-beta" ||
		!regexp.MustCompile(`^(agrees|disagrees|cannot tell at \d+ games?)$`).MatchString(rows[0][3]) {
		t.Errorf("the paper beside ours: %v", rows)
	}
	// The report: every cell of both tables in full, in wrapped labels
	// (nothing cut with "…", nothing to click), the verdicts coloured.
	shown := map[string]bool{}
	for _, l := range s.report.labels() {
		if l.Wrapping != fyne.TextWrapWord || l.Truncation != fyne.TextTruncateOff {
			t.Errorf("report label %q neither wraps nor shows itself whole", l.Text)
		}
		for _, line := range strings.Split(l.Text, "\n") {
			shown[line] = true
		}
	}
	for _, row := range s.table.Rows() {
		for i, cell := range row {
			if line := s.table.header[i] + ": " + cell; !shown[line] {
				t.Errorf("the report lacks %q", line)
			}
		}
	}
	for _, row := range s.paper.Rows() {
		if !shown[row[0]] || !shown["ours: "+row[2]] || !shown["verdict: "+row[3]] || !shown["why: "+row[4]] {
			t.Errorf("the report lacks the comparison %q", row)
		}
	}
	if !strings.Contains(s.title.Text, "quick") || s.notes.Text == "" {
		t.Errorf("title %q notes %q", s.title.Text, s.notes.Text)
	}
	dir := t.TempDir()
	e := s.named(tableCSV("", "x.csv", s.table), ".csv")
	if e.nameFn() != "othello-greedy-depth.csv" {
		t.Errorf("file name %q", e.nameFn())
	}
	if b := exportTo(t, dir, e); !strings.HasPrefix(string(b), "games,depth,") {
		t.Errorf("CSV %q", b)
	}
	if b := exportTo(t, dir, chartPNG("", "e.png", func() fyne.CanvasObject { return s.chart }, nil)); !isPNG(b) {
		t.Error("not a PNG")
	}
	md := string(exportTo(t, dir, s.reportExport("", "e.md", func(r ailab.Report) string { return r.Markdown() })))
	if !strings.HasPrefix(md, "# Paper 004") || !strings.Contains(md, "| games | depth |") || !strings.Contains(md, "| verdict |") {
		t.Errorf("Markdown report %q", md)
	}
	page := string(exportTo(t, dir, s.reportExport("", "e.html", func(r ailab.Report) string { return r.HTML("en") })))
	if !strings.Contains(page, "<th>verdict</th>") || !strings.Contains(page, "<td>the paper&#39;s</td>") {
		t.Errorf("HTML report %q", page)
	}
	// The chart's points carry their 95% intervals.
	if c := s.chart.Series(); len(c[0].Low) != len(c[0].Y) || c[0].Low[0] > c[0].Y[0] || c[0].High[0] < c[0].Y[0] {
		t.Errorf("chart without its intervals: %+v", c[0])
	}
}

func TestExperimentCancel(t *testing.T) {
	f := newFixture(t, "othello", "")
	base := runtime.NumGoroutine()
	s := f.l.experiment
	s.quick.SetChecked(false) // the full run takes minutes
	s.run(2)                  // adjacency-roundrobin
	if !s.task.running() {
		t.Fatalf("not running: %q", s.task.status.Text)
	}
	// Paper 002's experiment estimates the time left from its first
	// moves, long before 1 % of it is done (its first game, against the
	// minimax, is 0.06 %).
	f.until("an estimate", func() bool { return s.task.job != nil && strings.Contains(s.task.status.Text, "left") })
	if j := s.task.job; !strings.Contains(s.task.status.Text, "% done in") || j.played <= 0 || j.played >= float64(j.total)/100 ||
		strings.Contains(s.task.status.Text, ": 0% done") {
		t.Errorf("progress %q at %v of %d, want a share of the time and the time left from the first moves",
			s.task.status.Text, j.played, j.total)
	}
	test.Tap(s.task.stop)
	f.until("the end", func() bool { return !s.task.running() })
	if !strings.Contains(s.task.status.Text, "Cancelled") {
		t.Errorf("status %q", s.task.status.Text)
	}
	apptest.WaitGoroutines(t, base, 5*time.Second)
}

// Cancel keeps the rows that finished, marked partial.
func TestExperimentCancelKeepsRows(t *testing.T) {
	f := newFixture(t, "othello", "")
	s := f.l.experiment
	s.quick.SetChecked(true)
	s.parallel.e.SetText("1")
	s.list.Select(0) // othello-positional: its first rows come quickly
	s.run(0)
	// Progress counts moves: a third of them is past the first row (3 of
	// the quick run's 12 games).
	f.until("a row", func() bool { return s.task.job != nil && s.task.job.total > 0 && s.task.job.done*3 > s.task.job.total })
	test.Tap(s.task.stop)
	f.until("the end", func() bool { return !s.task.running() })
	if len(s.table.Rows()) == 0 || !strings.Contains(s.title.Text, "partial") ||
		!strings.Contains(s.task.status.Text, "marked partial") {
		t.Fatalf("after Cancel: %d rows, title %q, status %q", len(s.table.Rows()), s.title.Text, s.task.status.Text)
	}
	if !strings.Contains(s.report.labels()[2].Text, "partial") {
		t.Errorf("the report does not say it is partial: %q", s.report.labels()[2].Text)
	}
}

// The time left: the time so far for the share done, from the first
// finished unit on, however small its share (paper 002's first game is
// 0.06 % of the experiment).
func TestTimeLeft(t *testing.T) {
	if left, ok := timeLeft(10, 25, 100); !ok || left != 30 {
		t.Errorf("a quarter in 10 s: %v %v, want 30 s", left, ok)
	}
	if left, ok := timeLeft(60, 50, 88500); !ok || left != 60*88450/50.0 {
		t.Errorf("a first unit of 50 of 88500 in a minute: %v %v, want %v s", left, ok, 60*88450/50.0)
	}
	for _, tc := range [][3]float64{{10, 0, 100}, {10, 100, 100}, {0.5, 5, 100}} {
		if _, ok := timeLeft(tc[0], tc[1], tc[2]); ok {
			t.Errorf("%v: an estimate from nothing, or after the end", tc)
		}
	}
}

// A long time left reads in minutes and hours, not thousands of seconds.
func TestTimeSpan(t *testing.T) {
	for s, want := range map[float64]string{45: "45.0 s", 150: "3 min", 14295: "3 h 58 min", 7200: "2 h 0 min"} {
		if got := timeSpan(s); got != want {
			t.Errorf("%v s: %q, want %q", s, got, want)
		}
	}
}

// The share done shows a long job's first units: a tenth of a percent
// below 10 %, never 0 once something is done, never 100 before the end.
func TestPercentDone(t *testing.T) {
	for _, tc := range []struct {
		done, total float64
		want        string
	}{{0, 100, "0"}, {50, 88500, "0.1"}, {3, 1000, "0.3"}, {95, 1000, "9.5"}, {25, 100, "25"}, {999, 1000, "99"}, {100, 100, "100"}} {
		if got := percentDone(tc.done, tc.total); got != tc.want {
			t.Errorf("%v of %v: %q, want %q", tc.done, tc.total, got, tc.want)
		}
	}
}

// The papers' own annealing and genetic algorithm are traced in their
// game: the GA as its authors ran it has fitness 0 in every generation,
// their annealing cools from 1.0 in marks.
func TestTracesOfThePapersBots(t *testing.T) {
	f := newFixture(t, "adjacency", "")
	s := f.l.traces
	s.setGame("adjacency")
	for _, want := range []string{"Paper 002: simulated annealing", "Paper 002: genetic algorithm",
		"Paper 002: genetic algorithm as the text intends"} {
		if !slices.Contains(s.algo.Options, want) {
			t.Fatalf("options %q lack %q", s.algo.Options, want)
		}
	}
	s.algo.SetSelected("Paper 002: genetic algorithm")
	if strings.Contains(s.params.Text, "eval") || !strings.Contains(s.params.Text, "seed") {
		t.Errorf("the paper's GA's parameters: %q", s.params.Text)
	}
	f.runTask(s.task)
	g := s.score.Series()
	if len(g) != 3 || len(g[0].Y) != 50 || s.kind != "genetic" {
		t.Fatalf("the GA's chart %+v", g)
	}
	for _, series := range g {
		for _, y := range series.Y {
			if y != 0 {
				t.Fatalf("the GA as run: fitness %v in %q", y, series.Name)
			}
		}
	}
	s.algo.SetSelected("Paper 002: simulated annealing")
	f.runTask(s.task)
	if temp := s.temp.Series(); len(temp) != 1 || temp[0].Y[0] != 1 || len(temp[0].Y) != 919 {
		t.Fatalf("the paper's annealing: temperatures %v", temp)
	}
	// Othello has no paper 002 bot to trace.
	s.setGame("othello")
	if slices.Contains(s.algo.Options, "Paper 002: simulated annealing") {
		t.Errorf("options in Othello %q", s.algo.Options)
	}
}

// Our annealing accepts worse moves while hot: the classic curve, the
// current score falling now and then before it settles.
func TestTracesAnnealingAcceptsWorseMoves(t *testing.T) {
	f := newFixture(t, "othello", "f5 d6 c3 d3 c4")
	s := f.l.traces
	s.algo.SetSelected("Simulated annealing")
	s.text.SetText("annealing:seed=2")
	f.runTask(s.task)
	cur := s.score.Series()[1].Y
	worse := 0
	for k := 1; k < len(cur); k++ {
		if cur[k] < cur[k-1] {
			worse++
		}
	}
	if worse == 0 {
		t.Errorf("no worse move accepted in %d iterations: %v", len(cur), cur)
	}
}

func TestTraces(t *testing.T) {
	f := newFixture(t, "othello", "f5")
	s := f.l.traces
	s.algo.SetSelected("Simulated annealing")
	s.text.SetText("annealing:iterations=200,seed=3")
	f.runTask(s.task)
	temp, score := s.temp.Series(), s.score.Series()
	if len(temp) != 1 || len(temp[0].Y) == 0 || len(score) != 3 || len(score[1].Y) != len(temp[0].Y) {
		t.Fatalf("annealing charts %d %+v", len(temp), score)
	}
	if temp[0].Y[0] <= temp[0].Y[len(temp[0].Y)-1] {
		t.Errorf("the temperature does not fall: %v", temp[0].Y)
	}

	s.algo.SetSelected("Genetic algorithm")
	s.text.SetText("genetic:generations=10,seed=2")
	f.runTask(s.task)
	if g := s.score.Series(); len(g) != 3 || len(g[0].Y) == 0 || s.temp.Visible() {
		t.Fatalf("genetic chart %+v", g)
	}

	s.algo.SetSelected("MCTS")
	s.text.SetText("mcts:iterations=400,seed=1")
	f.runTask(s.task)
	if !s.mcts.Visible() || s.charts.Visible() {
		t.Fatal("the heat map is not shown")
	}
	moves := s.moves.Rows()
	if len(moves) != len(f.src.pos.Legal()) {
		t.Fatalf("root moves %v", moves)
	}
	dir := t.TempDir()
	csv := string(exportTo(t, dir, export{name: "mcts.csv", write: s.writeCSV}))
	if !strings.HasPrefix(csv, "move,cell,visits") {
		t.Errorf("CSV %q", csv)
	}
	if b := exportTo(t, dir, chartPNG("", "heat.png", s.visible, nil)); !isPNG(b) {
		t.Error("not a PNG")
	}

	// MCTS on checkers: moves count on their last square.
	f.src.pos = apptest.Start(t, "checkers")
	f.l.Refresh()
	f.runTask(s.task)
	if c, r := s.heat.Dims(); c != 8 || r != 8 {
		t.Errorf("heat map %dx%d", c, r)
	}
	if len(s.csvRows) != 7 {
		t.Errorf("checkers root moves %v", s.csvRows)
	}
	if cols, rows := s.heat.Coordinates(); strings.Join(cols, "") != "abcdefgh" || strings.Join(rows, "") != "12345678" {
		t.Errorf("checkers coordinates %v %v", cols, rows)
	}
	// Connect Four: the board's column numbers, no row names.
	f.src.pos = apptest.Start(t, "connect4")
	f.l.Refresh()
	f.runTask(s.task)
	if cols, rows := s.heat.Coordinates(); strings.Join(cols, "") != "1234567" || len(rows) != 0 {
		t.Errorf("Connect Four coordinates %v %v", cols, rows)
	}

	s.text.SetText("alphabeta:depth=2")
	if !s.msg.Visible() {
		t.Error("alphabeta accepted for a trace")
	}
}

func TestCloseCancelsEverything(t *testing.T) {
	f := newFixture(t, "othello", "")
	base := runtime.NumGoroutine()
	f.l.compare.algos.setIDs([]string{"minimax"})
	f.l.compare.depth.e.SetText("12")
	test.Tap(f.l.compare.task.runBtn)
	a := f.l.arena
	a.p1.text.SetText("alphabeta:depth=6")
	a.p2.text.SetText("alphabeta:depth=6")
	a.games.e.SetText("100")
	test.Tap(a.task.runBtn)
	f.l.traces.algo.SetSelected("MCTS")
	f.l.traces.text.SetText("mcts:time=1m")
	test.Tap(f.l.traces.task.runBtn)
	if !f.l.compare.task.running() || !a.task.running() || !f.l.traces.task.running() {
		t.Fatal("not all running")
	}
	time.Sleep(30 * time.Millisecond)
	start := time.Now()
	f.l.Close()
	if el := time.Since(start); el > 2*time.Second {
		t.Errorf("Close took %v", el)
	}
	f.q.Drain() // what the jobs posted does nothing now
	apptest.WaitGoroutines(t, base, 5*time.Second)
	jobs := a.task.jobs
	test.Tap(a.task.runBtn)
	if a.task.jobs != jobs {
		t.Error("a job started after Close")
	}
}

func TestGameChange(t *testing.T) {
	f := newFixture(t, "othello", "")
	if !strings.Contains(f.l.header.Text, "Othello at the start, Black to move") {
		t.Fatalf("header %q", f.l.header.Text)
	}
	if f.l.arena.match.rounds.e.Visible() {
		t.Error("a round limit for Othello")
	}
	f.l.arena.p1.text.SetText("alphabeta:depth=2,eval=positional")
	f.src.pos = apptest.Start(t, "adjacency")
	f.src.settings = games.Settings{Rounds: 10}
	f.l.Refresh()
	if !strings.Contains(f.l.header.Text, "Adjacency") {
		t.Errorf("header %q", f.l.header.Text)
	}
	if !f.l.arena.match.rounds.e.Visible() || f.l.arena.match.rounds.e.Text != "10" {
		t.Errorf("round limit %q", f.l.arena.match.rounds.e.Text)
	}
	// The Othello evaluation was dropped for Adjacency's default.
	if _, err := f.l.arena.p1.Spec(); err != nil {
		t.Errorf("P1 after the switch: %v", err)
	}
	if f.l.compare.eval.Selected == "positional" {
		t.Error("compare still offers Othello's evaluation")
	}
}

// The arena's progress bar moves within a game, not only when one ends.
func TestArenaProgressWithinAGame(t *testing.T) {
	f := newFixture(t, "othello", "")
	s := f.l.arena
	s.p1.text.SetText("alphabeta:depth=5") // moves slow enough to see the bar between them, even on a busy machine
	s.p2.text.SetText("alphabeta:depth=5")
	s.games.e.SetText("1")
	s.match.parallel.e.SetText("1")
	test.Tap(s.task.runBtn)
	f.until("the bar inside the one game", func() bool {
		return s.task.bar.Visible() && s.task.bar.Value > 0 && s.task.bar.Value < 1
	})
	if s.task.job == nil || s.task.job.done != 0 {
		t.Errorf("the bar moved only when the game ended: %+v", s.task.job)
	}
	f.until("the job's end", func() bool { return !s.task.running() })
}
