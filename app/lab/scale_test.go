package lab

import (
	"image/color"
	"regexp"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardgames/ai"
	"boardgames/app/internal/apptest"
)

// bigText is a theme with text k times the default size, as the main
// window's scale setting makes it for a projector.
type bigText struct {
	fyne.Theme
	k float32
}

func (b bigText) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	return b.Theme.Color(n, v)
}

func (b bigText) Size(n fyne.ThemeSizeName) float32 {
	switch n {
	case theme.SizeNameText, theme.SizeNameCaptionText, theme.SizeNameHeadingText,
		theme.SizeNameSubHeadingText, theme.SizeNameInlineIcon:
		return b.Theme.Size(n) * b.k
	}
	return b.Theme.Size(n)
}

// themes are the text sizes the lab must fit its window at: the default
// and a projector's 175 %.
var themes = []struct {
	name string
	th   fyne.Theme
}{
	{"100%", nil},
	{"175%", bigText{theme.DefaultTheme(), 1.75}},
}

// walk calls f on o and everything drawn inside it.
func walk(o fyne.CanvasObject, f func(fyne.CanvasObject)) {
	f(o)
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			walk(c, f)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			walk(c, f)
		}
	}
}

// labels returns the labels drawn inside o.
func labels(o fyne.CanvasObject) []*widget.Label {
	var out []*widget.Label
	walk(o, func(c fyne.CanvasObject) {
		if l, ok := c.(*widget.Label); ok && l.Visible() {
			out = append(out, l)
		}
	})
	return out
}

// checkColumns checks that every cell and header drawn in d is as wide
// as its text, unless the text is longer than a column may be (then the
// line below the table offers it whole); and that the header row stays
// at the top when the rows scroll.
func checkColumns(t *testing.T, name string, d *dataTable) {
	t.Helper()
	limit := maxColumn * textScale()
	pad := 2 * theme.InnerPadding()
	seen := map[string]bool{}
	for _, l := range labels(d.w) {
		if l.Text == "" {
			continue
		}
		need := fyne.MeasureText(l.Text, theme.TextSize(), l.TextStyle).Width + pad
		if l.Size().Width+0.5 < need {
			if need <= limit || !d.cut || !d.full.Visible() {
				t.Errorf("%s: %q cut to %.0f pixels, needs %.0f", name, l.Text, l.Size().Width, need)
			}
		}
		if l.TextStyle.Bold {
			seen[l.Text] = true
		}
	}
	if len(d.header) > 0 && !seen[d.header[0]] {
		t.Errorf("%s: the header %q is not drawn", name, d.header[0])
	}
	if len(d.rows) == 0 {
		return
	}
	top := fyne.CurrentApp().Driver().AbsolutePositionForObject(d.w).Y
	d.w.ScrollToBottom()
	for _, l := range labels(d.w) {
		if l.TextStyle.Bold && l.Text == d.header[0] {
			if y := fyne.CurrentApp().Driver().AbsolutePositionForObject(l).Y; y > top+theme.Padding() {
				t.Errorf("%s: scrolled down, the header is at %v, the table at %v", name, y, top)
			}
		}
	}
	d.w.ScrollToTop()
}

// TestTablesFitAndScroll runs every screen at the default text size and
// at 175 %: the lab stays within its window, every table's columns are as
// wide as their cells (a cell cut short is offered whole below the table)
// and the headers stay in view.
func TestTablesFitAndScroll(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every screen twice")
	}
	for _, th := range themes {
		t.Run(th.name, func(t *testing.T) {
			f := newFixtureIn(t, th.th, "othello", "f5d6")
			f.fits()

			c := f.l.compare
			c.algos.setIDs([]string{"minimax", "alphabeta", "negascout", "mcts", "greedy"})
			c.depth.e.SetText("3")
			f.runTask(c.task)
			checkColumns(t, "compare", c.table)
			if !c.table.cut {
				// The principal variation is short at depth 3: no cell is cut.
				if c.table.full.Visible() {
					t.Error("the line for cut cells shows without a cut cell")
				}
			}

			f.l.tabs.SelectIndex(1)
			a := f.l.arena
			a.games.e.SetText("2")
			a.match.parallel.e.SetText("1")
			f.runTask(a.task)
			checkColumns(t, "arena results", a.results)
			a.below.SelectIndex(1)
			checkColumns(t, "arena games", a.games_)
			// The moves of a whole game are too long for a column: cut,
			// and shown whole on a click.
			if !a.games_.cut || !a.games_.full.Visible() {
				t.Fatal("the games' moves are not cut")
			}
			moves := col(t, a.games_, "moves")
			a.games_.w.Select(widget.TableCellID{Row: 0, Col: moves})
			if !strings.HasSuffix(a.games_.full.Text, a.games_.rows[0][moves]) {
				t.Errorf("clicked moves: %q", a.games_.full.Text)
			}

			f.l.tabs.SelectIndex(2)
			tr := f.l.tournament
			tr.list.SetText("random\ngreedy\nminimax:depth=1\nalphabeta:depth=1\nnegascout:depth=1")
			tr.games.e.SetText("2")
			tr.match.parallel.e.SetText("1")
			f.runTask(tr.task)
			checkColumns(t, "standings", tr.standings)
			// All five bots' rows are in view at the default size.
			if th.th == nil && tr.standings.Size().Height < tr.standings.wantHeight()-1 {
				t.Errorf("standings %v high, want %v for 5 rows", tr.standings.Size().Height, tr.standings.wantHeight())
			}
			checkColumns(t, "crosstable", tr.cross)

			f.l.tabs.SelectIndex(4)
			f.runTask(f.l.traces.task)

			f.l.tabs.SelectIndex(5)
			in := f.l.inspect
			in.depth.SetSelected("2")
			f.runTask(in.task)
			in.in.SetStep(3)
			f.fits()
		})
	}
}

// TestButtonsStayPut: Run and Cancel do not move when a job starts (the
// progress bar appears), runs, ends or fails with a long message.
func TestButtonsStayPut(t *testing.T) {
	f := newFixture(t, "othello", "")
	f.l.tabs.SelectIndex(1)
	a := f.l.arena
	d := fyne.CurrentApp().Driver()
	where := func() [2]fyne.Position {
		// Lay everything out again, as the window does after a change of
		// size (the test canvas does not).
		f.l.Content().Refresh()
		return [2]fyne.Position{d.AbsolutePositionForObject(a.task.runBtn), d.AbsolutePositionForObject(a.task.stop)}
	}
	before := where()
	check := func(when string) {
		t.Helper()
		if got := where(); got != before {
			t.Errorf("%s: the buttons moved from %v to %v", when, before, got)
		}
	}
	a.p1.text.SetText("alphabeta:depth=5")
	a.p2.text.SetText("alphabeta:depth=5")
	a.games.e.SetText("200")
	test.Tap(a.task.runBtn)
	f.until("a progress report", func() bool { return a.task.job != nil && a.task.job.total > 0 })
	if !a.task.bar.Visible() {
		t.Error("no progress bar")
	}
	check("running")
	test.Tap(a.task.stop)
	f.until("the end", func() bool { return !a.task.running() })
	check("cancelled")
	a.p1.text.SetText("alphabeta:dpth=2")
	test.Tap(a.task.runBtn)
	if a.task.status.Importance != widget.DangerImportance {
		t.Fatalf("status %q", a.task.status.Text)
	}
	check("failed")
}

// TestResultsNameTheirPosition: every result says which game and position
// it belongs to, and keeps saying so after the main window moves on; the
// header shows the main window's board as it is now.
func TestResultsNameTheirPosition(t *testing.T) {
	f := newFixture(t, "othello", "f5d6")
	c := f.l.compare
	c.algos.setIDs([]string{"alphabeta"})
	c.depth.e.SetText("2")
	f.runTask(c.task)
	const where = "Othello after 2 moves, Black to move"
	if !strings.Contains(c.summary.Text, where) || !strings.Contains(c.chart.Title(), where) {
		t.Errorf("summary %q, chart %q", c.summary.Text, c.chart.Title())
	}
	if got := f.l.thumb.View().Rows; !slices.Equal(got, f.src.pos.Rows()) {
		t.Errorf("header board %v", got)
	}

	f.src.pos, f.src.plies = apptest.Start(t, "connect4"), 0
	f.l.Refresh()
	if !strings.Contains(f.l.Header(), "Connect Four at the start, Red to move") {
		t.Errorf("header %q", f.l.Header())
	}
	if got := f.l.thumb.View(); got.Game != "connect4" || len(got.Rows) != 6 {
		t.Errorf("header board %+v", got)
	}
	if !strings.Contains(c.summary.Text, where) {
		t.Errorf("the Othello results lost their label: %q", c.summary.Text)
	}

	a := f.l.arena
	a.p1.text.SetText("alphabeta:depth=1")
	a.p2.text.SetText("random")
	a.games.e.SetText("1")
	f.runTask(a.task)
	if !strings.Contains(a.summary.Text, "1 game, Connect Four from the start") {
		t.Errorf("arena summary %q", a.summary.Text)
	}
	if !strings.Contains(a.task.status.Text, "1 game played.") {
		t.Errorf("status %q", a.task.status.Text)
	}
	// Players by their colours.
	g := a.games_.rows[0]
	if p := g[col(t, a.games_, "P1 plays")]; p != "Red" && p != "Yellow" {
		t.Errorf("P1 plays %q", p)
	}
	if w := g[col(t, a.games_, "winner")]; w != "draw" && !strings.Contains(w, "Red (") && !strings.Contains(w, "Yellow (") {
		t.Errorf("winner %q", w)
	}
	if h := a.results.header[col(t, a.results, "mean margin (points)")]; h == "" {
		t.Error("no margin unit")
	}
}

// goIdent matches a Go identifier with its package, such as
// lab.CheckersMiddleGames, and fmt's complaints.
var goIdent = regexp.MustCompile(`\b[a-z]+\.[A-Z][A-Za-z]+\b|%!|\b1 (games|moves|rounds|rows|nodes|depths|algorithms|children|bots|iterations|generations|simulations)\b`)

// texts returns every text drawn inside o.
func texts(o fyne.CanvasObject) []string {
	var out []string
	walk(o, func(c fyne.CanvasObject) {
		switch x := c.(type) {
		case *widget.Label:
			out = append(out, x.Text)
		case *canvas.Text:
			out = append(out, x.Text)
		case *widget.Button:
			out = append(out, x.Text)
		case *widget.Check:
			out = append(out, x.Text)
		}
	})
	return out
}

// TestWords: no Go names, no "1 games", units and defaults shown, no
// "Games per match 0", every depth offered up to the largest.
func TestWords(t *testing.T) {
	f := newFixture(t, "adjacency", "")
	// Depths: every one up to the maximum offered.
	for name, opts := range map[string][]string{
		"compare": f.l.compare.depth.opts, "sweep": f.l.arena.sweepN.opts, "picker": f.l.arena.p1.depths,
	} {
		for i, o := range opts {
			if want := strings.TrimSpace(numbers(1, 20)[i]); o != want {
				t.Errorf("%s depths %v: %q at %d", name, opts, o, i)
				break
			}
		}
		if !slices.Contains(opts, "9") {
			t.Errorf("%s depths %v lack 9", name, opts)
		}
	}
	for _, d := range []*intField{f.l.compare.depth, f.l.arena.sweepN} {
		if len(d.opts) != d.hi {
			t.Errorf("%s offers %d depths, takes up to %d", d.name, len(d.opts), d.hi)
		}
	}
	// Games per match: never 0; the experiment's own number by a tick.
	e := f.l.experiment
	if slices.Contains(e.games.opts, "0") || e.games.lo < 1 || !e.ownGames.Checked || !e.games.e.Disabled() {
		t.Errorf("games options %v from %d, own %v", e.games.opts, e.games.lo, e.ownGames.Checked)
	}
	// The parameters with their values, not "default".
	tr := f.l.traces
	for _, c := range []struct{ label, want string }{
		{"Simulated annealing", "t0 = 10:"}, {"Simulated annealing", "cooling = 0.95:"},
		{"Genetic algorithm", "population = 30:"}, {"Genetic algorithm", "mutation = 0.1:"},
		{"MCTS", "iterations = 10000:"}, {"MCTS", "c = 1.41:"},
	} {
		tr.algo.SetSelected(c.label)
		if !strings.Contains(tr.params.Text, c.want) {
			t.Errorf("%s: %q lacks %q", c.label, tr.params.Text, c.want)
		}
	}
	if d := (ai.Params{}).Defaults("genetic"); !strings.Contains(paramHelp("genetic"), "generations = 30") || d.Generations != 30 {
		t.Errorf("genetic defaults %+v", d)
	}

	// Run the screens with one game, one round and one move where they
	// can, then read every text.
	c := f.l.compare
	c.algos.setIDs([]string{"minimax", "mcts", "greedy", "random", "annealing"})
	c.depth.e.SetText("1")
	f.runTask(c.task)
	h := c.table.header
	for _, want := range []string{"score (points)", "win rate", "immediate gain (marks)"} {
		if !slices.Contains(h, want) {
			t.Errorf("compare header %q lacks %q", h, want)
		}
	}
	a := f.l.arena
	a.p1.text.SetText("greedy")
	a.p2.text.SetText("random")
	a.games.e.SetText("1")
	a.match.rounds.e.SetText("1")
	f.runTask(a.task)
	if !strings.Contains(a.summary.Text, "from the start, 1 round") {
		t.Errorf("arena summary %q", a.summary.Text)
	}
	tt := f.l.tournament
	tt.list.SetText("greedy\nrandom")
	tt.games.e.SetText("1")
	tt.match.rounds.e.SetText("1")
	f.runTask(tt.task)
	f.runTask(tr.task)
	f.runTask(f.l.inspect.task)
	for _, s := range texts(f.l.Content()) {
		if m := goIdent.FindString(s); m != "" {
			t.Errorf("%q in %q", m, s)
		}
	}
}

// TestThemeChangeResizesColumns: a larger text size (the main window's
// scale setting, applied while the lab is open) widens the columns.
func TestThemeChangeResizesColumns(t *testing.T) {
	f := newFixture(t, "othello", "f5")
	c := f.l.compare
	c.algos.setIDs([]string{"alphabeta"})
	c.depth.e.SetText("2")
	f.runTask(c.task)
	before := c.table.widths[0]
	fyne.CurrentApp().Settings().SetTheme(bigText{theme.DefaultTheme(), 1.75})
	if c.table.widths[0] < before*1.5 {
		t.Errorf("the first column is %v wide at 175%%, %v at 100%%", c.table.widths[0], before)
	}
	checkColumns(t, "compare at 175%", c.table)
	f.fits()
}

// TestSaveMenu: one Save button per screen; its menu greys out what
// there is nothing of yet.
func TestSaveMenu(t *testing.T) {
	f := newFixture(t, "othello", "f5")
	c := f.l.compare
	for _, it := range c.save.menu().Items {
		if !it.Disabled {
			t.Errorf("%q enabled before any run", it.Label)
		}
	}
	c.algos.setIDs([]string{"alphabeta"})
	c.depth.e.SetText("2")
	f.runTask(c.task)
	items := c.save.menu().Items
	if len(items) != 3 {
		t.Fatalf("%d items", len(items))
	}
	for _, it := range items {
		if it.Disabled {
			t.Errorf("%q disabled after a run", it.Label)
		}
	}
	test.Tap(c.save.btn)
	if len(f.w.Canvas().Overlays().List()) == 0 {
		t.Error("no menu shown")
	}
}
