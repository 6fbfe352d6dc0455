package lab

import (
	"errors"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardgames/ai"
	"boardgames/ai/bots"
	ailab "boardgames/ai/lab"
	"boardgames/app/chart"
	"boardgames/app/internal/tr"
)

// tournamentScreen plays a round robin of several bots.
type tournamentScreen struct {
	l      *Lab
	list   *widget.Entry // one bot per line
	msg    *widget.Label
	picker *botPicker
	games  *intField
	match  *matchFields
	task   *task

	save      *exportMenu
	summary   *widget.Label
	standings *dataTable
	cross     *dataTable
	games_    *dataTable   // every game, to open on the board
	played    []playedGame // the games of its rows
	points    *chart.Chart
	content   fyne.CanvasObject
}

func standingsHeader() []string {
	return []string{tr.T("rank"), tr.T("bot"), tr.T("points"), tr.T("games"), tr.T("wins"), tr.T("draws"), tr.T("losses"),
		tr.T("share of points")}
}

// defaultTournament are the bots a new tournament lists.
var defaultTournament = []bots.Spec{
	{Algo: "random"},
	{Algo: "greedy"},
	{Algo: "alphabeta", Params: ai.Params{Depth: 2}},
	{Algo: "alphabeta", Params: ai.Params{Depth: 3, Ordering: true}},
}

func newTournamentScreen(l *Lab) *tournamentScreen {
	s := &tournamentScreen{l: l}
	var lines []string
	for _, b := range defaultTournament {
		lines = append(lines, b.String())
	}
	s.list = widget.NewMultiLineEntry()
	s.list.SetText(strings.Join(lines, "\n"))
	s.list.SetMinRowsVisible(6)
	s.msg = errorLabel()
	s.list.OnChanged = func(string) { s.specs() }
	s.picker = newBotPicker(l.game, bots.Spec{Algo: "mcts", Params: ai.Params{Iterations: 1000}})
	add := widget.NewButtonWithIcon(tr.T("Add to the list"), theme.ContentAddIcon(), s.add)
	s.games = newIntField(tr.T("Games per pairing"), 1, 1000, "4", "2", "4", "10", "20", "50")
	s.match = newMatchFields(l, s.games)
	s.task = newTask(l, tr.T("Play"), s.run)

	s.summary = note(tr.T("Every pair of bots plays the same number of games, colours alternating."))
	s.summary.TextStyle.Bold = true
	s.standings = newDataTable(standingsHeader()...)
	s.cross = newDataTable(tr.T("bot"))
	s.games_ = newDataTable(tournamentGamesHeader(l.game)...)
	s.games_.onRow = func(row int) { openPlayed(l, s.task, s.played, row) }
	s.points = chart.NewBar(tr.T("Points"), "", tr.T("points"))

	s.save = newExportMenu(l, s.task,
		tableCSV(tr.T("Standings as CSV…"), "tournament-standings.csv", s.standings),
		tableCSV(tr.T("Crosstable as CSV…"), "tournament-crosstable.csv", s.cross),
		chartPNG(tr.T("Chart as PNG…"), "tournament.png", func() fyne.CanvasObject { return s.points }, func() bool { return hasData(s.points) }),
	)
	side := sidePanel(s.task,
		heading(tr.T("Bots, one spec per line")), s.list, s.msg,
		widget.NewSeparator(),
		heading(tr.T("Add a bot")), s.picker.form, add,
		widget.NewSeparator(),
		s.match.form(),
		s.match.fromBoard,
	)
	below := container.NewAppTabs(
		container.NewTabItem(tr.T("Crosstable"), s.cross),
		container.NewTabItem(tr.T("Points chart"), s.points),
		container.NewTabItem(tr.T("Games"), s.games_),
	)
	s.content = screen(side, 330, titleBar(s.summary, s.save), s.standings, below)
	return s
}

func (s *tournamentScreen) setGame(game string) {
	s.picker.setGame(game)
	s.match.setGame(game)
	s.specs()
}

// add appends the picker's bot to the list.
func (s *tournamentScreen) add() {
	spec, err := s.picker.Spec()
	if err != nil {
		s.task.fail(err.Error())
		return
	}
	text := strings.TrimRight(s.list.Text, "\n ")
	if text != "" {
		text += "\n"
	}
	s.list.SetText(text + spec.String())
}

// specs reads the list, one bot per line (blank lines and lines starting
// with # are skipped), and shows what is wrong with it.
func (s *tournamentScreen) specs() ([]bots.Spec, error) {
	var out []bots.Spec
	var errs []string
	for i, line := range strings.Split(s.list.Text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		spec, err := parseBot(s.l.game, line)
		if err != nil {
			errs = append(errs, tr.F("Line %d: %v", i+1, err))
			continue
		}
		out = append(out, spec)
	}
	var err error
	switch {
	case len(errs) > 0:
		err = errors.New(strings.Join(errs, "\n"))
	case len(out) < 2:
		err = errors.New(tr.N("A round robin needs at least 2 bots; %d is listed.", len(out), len(out)))
	}
	if showError(s.msg, err) != nil {
		return nil, err
	}
	return out, nil
}

func (s *tournamentScreen) run() {
	specs, err := s.specs()
	if err != nil {
		s.task.fail(err.Error())
		return
	}
	m, err := s.match.read()
	if err != nil {
		s.task.fail(err.Error())
		return
	}
	n := m.games
	s.standings.set(standingsHeader(), nil)
	s.cross.set([]string{tr.T("bot")}, nil)
	s.games_.set(tournamentGamesHeader(m.game), nil)
	s.played = nil
	s.points.SetSeries(nil)
	s.summary.SetText(tr.N("%[1]d bots play each other, %[2]d game per pairing, %[3]s…", n, len(specs), n, m.where))
	s.points.SetTitle(tr.F("Points: %s", m.where), "", tr.T("points"))
	opt := ailab.TournamentOptions{Start: m.start, Openings: m.openings, Parallel: m.parallel, Seed: m.seed}
	cfg := ailab.ArenaConfig{Game: m.game, Settings: m.settings, Start: m.start}
	s.task.start(tr.T("Playing"), func(r *run) func() {
		opt.OnMove = r.onMove(0, n*len(specs)*(len(specs)-1)/2)
		res, err := ailab.Tournament(r.ctx, m.game, m.settings, specs, n, opt, r.progress)
		return func() {
			played := 0
			for _, p := range res.Pairings {
				played += p.Games
			}
			s.show(res)
			s.showGames(cfg, res)
			s.summary.SetText(tr.N("%[1]d bots played each other, %[2]d game per pairing, %[3]s.", n, len(specs), n, m.where))
			s.task.finish(err, r.j.start, tr.N("%d game played.", played, played))
		}
	})
}

// show fills the standings, the crosstable and the chart.
func (s *tournamentScreen) show(res ailab.TournamentResult) {
	var rows [][]string
	for _, st := range res.Standings {
		rows = append(rows, []string{strconv.Itoa(st.Rank), botName(st.Index, st.Bot),
			decimal(st.Points, 1), strconv.Itoa(st.Games), strconv.Itoa(st.Wins),
			strconv.Itoa(st.Draws), strconv.Itoa(st.Losses), percent(st.Points, st.Games)})
	}
	s.standings.set(standingsHeader(), rows)

	header := []string{tr.T("bot")}
	for i := range res.Bots {
		header = append(header, tr.F("against %d", i+1))
	}
	header = append(header, tr.T("points"), tr.T("games"))
	var cross [][]string
	for i, b := range res.Bots {
		row := []string{botName(i, b)}
		var pts float64
		var games int
		for j := range res.Bots {
			switch {
			case i == j:
				row = append(row, "—")
			case res.Games[i][j] == 0:
				row = append(row, "")
			default:
				row = append(row, tr.F("%s/%d", decimal(res.Points[i][j], pointsPrec(res.Points[i][j])), res.Games[i][j]))
			}
			pts += res.Points[i][j]
			games += res.Games[i][j]
		}
		row = append(row, decimal(pts, 1), strconv.Itoa(games))
		cross = append(cross, row)
	}
	s.cross.set(header, cross)

	var cats []string
	pts := chart.Series{Name: tr.T("points")}
	for i, b := range res.Bots {
		cats = append(cats, botName(i, shortBot(b)))
		var p float64
		for j := range res.Bots {
			p += res.Points[i][j]
		}
		pts.Y = append(pts.Y, p)
	}
	s.points.SetCategories(cats)
	s.points.SetSeries([]chart.Series{pts})
}

// tournamentGamesHeader lists a round robin's games: the pairing first.
func tournamentGamesHeader(game string) []string {
	return append([]string{tr.T("P1"), tr.T("P2")}, gamesHeader(game)...)
}

// showGames lists every game of the pairings; a click opens one on the
// board.
func (s *tournamentScreen) showGames(cfg ailab.ArenaConfig, res ailab.TournamentResult) {
	g := gameOf(res.Game)
	var rows [][]string
	s.played = nil
	for _, p := range res.Pairings {
		for _, r := range gameRows(g, p.Records) {
			rows = append(rows, append([]string{p.P1.Spec, p.P2.Spec}, r...))
		}
		s.played = append(s.played, playedGames(cfg, p.Records)...)
	}
	s.games_.set(tournamentGamesHeader(res.Game), rows)
}

// botName is bot i of a tournament with its number: "2. greedy".
func botName(i int, bot string) string { return tr.F("%d. %s", i+1, bot) }

// pointsPrec is the decimals points need: none for whole points, one for
// a half.
func pointsPrec(p float64) int {
	if p == float64(int(p)) {
		return 0
	}
	return 1
}

// shortBot shortens a bot's spec for a chart label.
func shortBot(b string) string {
	r := strings.NewReplacer("alphabeta", "αβ", "negascout", "ns", "depth=", "d", "order=true", "ord", "iterations=", "it=", "eval=", "")
	return r.Replace(b)
}
