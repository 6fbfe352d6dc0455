package lab

import (
	"slices"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"boardgames/ai"
	"boardgames/ai/bots"
	ailab "boardgames/ai/lab"
	"boardgames/app/chart"
	"boardgames/app/internal/tr"
	"boardgames/app/match"
	"boardgames/rules/games"
)

// arenaScreen plays bot-vs-bot matches, or a depth sweep: P1 at depths 1
// to N against the same P2.
type arenaScreen struct {
	l      *Lab
	p1, p2 *botPicker
	games  *intField
	match  *matchFields
	mode   *widget.RadioGroup
	modes  [2]string // the modes' labels: a match, a depth sweep
	sweepN *intField
	task   *task
	save   *exportMenu

	summary *widget.Label
	results *dataTable
	games_  *dataTable
	// played are the games of the table's rows, to open on the board.
	played  []playedGame
	bars    *chart.Chart // W/D/L of a match
	line    *chart.Chart // score against depth of a sweep
	charts  *fyne.Container
	below   *container.AppTabs // the chart and the list of games
	content fyne.CanvasObject
}

// arenaHeader heads a match's results, the margin in the game's unit.
func arenaHeader(game string) []string {
	return []string{tr.T("bot"), tr.T("wins"), tr.T("draws"), tr.T("losses"), tr.T("points"), tr.T("share of points"),
		tr.F("mean margin (%s)", unitName(marginUnit(game))), tr.T("time per move"), tr.T("nodes per move")}
}

// sweepHeader heads a depth sweep's results, one row per depth of P1.
func sweepHeader() []string {
	return []string{tr.T("P1 depth"), tr.T("games"), tr.T("P1 wins"), tr.T("draws"), tr.T("P1 losses"),
		tr.T("P1's share of points"), tr.T("Elo difference"), tr.F("95%% interval from"), tr.F("95%% interval to"),
		tr.T("P1's time per move"), tr.T("P1's nodes per move")}
}

// gamesHeader heads the list of a match's games.
func gamesHeader(game string) []string {
	return []string{tr.T("game"), tr.T("P1 plays"), tr.T("random opening moves"), tr.T("length (moves)"), tr.T("winner"),
		tr.F("P1's margin (%s)", unitName(marginUnit(game))), tr.T("moves")}
}

// sweepGamesHeader lists a sweep's games, with P1's depth first.
func sweepGamesHeader(game string) []string {
	return append([]string{tr.T("P1 depth")}, gamesHeader(game)...)
}

func newArenaScreen(l *Lab) *arenaScreen {
	s := &arenaScreen{l: l}
	s.p1 = newBotPicker(l.game, bots.Spec{Algo: "alphabeta", Params: ai.Params{Depth: 3, Ordering: true}})
	s.p2 = newBotPicker(l.game, bots.Spec{Algo: "greedy"})
	s.games = newIntField(tr.T("Games"), 1, 10000, "10", "2", "4", "10", "20", "50", "100", "200")
	s.match = newMatchFields(l, s.games)
	s.sweepN = newIntField(tr.T("P1 depths 1 to"), 1, 10, "4", numbers(1, 10)...)
	s.modes = [2]string{tr.T("Match"), tr.T("Depth sweep")}
	s.mode = widget.NewRadioGroup(s.modes[:], func(string) {
		if s.sweeping() {
			s.sweepN.e.Enable()
		} else {
			s.sweepN.e.Disable()
		}
	})
	s.mode.Required = true
	s.mode.SetSelected(s.modes[0])
	s.task = newTask(l, tr.T("Play"), s.run)

	s.summary = note(tr.T("Two bots play each other, colours alternating; games 1 and 2, 3 and 4, … share a random opening."))
	s.summary.TextStyle.Bold = true
	s.results = newDataTable(arenaHeader(l.game)...)
	s.games_ = newDataTable(gamesHeader(l.game)...)
	s.games_.onRow = s.openGame
	s.bars = chart.NewBar(tr.T("Results"), "", tr.T("games"))
	s.bars.SetCategories([]string{tr.T("wins"), tr.T("draws"), tr.T("losses")})
	s.line = chart.NewLine(tr.T("P1's share of points against P1's depth"), tr.T("P1's depth"), tr.F("P1's share of points (%%)"))
	s.line.SetYRange(0, 100)
	s.line.Hide()
	s.charts = container.NewStack(s.bars, s.line)

	s.save = newExportMenu(l, s.task,
		tableCSV(tr.T("Results as CSV…"), "arena-results.csv", s.results),
		tableCSV(tr.T("Games as CSV…"), "arena-games.csv", s.games_),
		chartPNG(tr.T("Chart as PNG…"), "arena.png", s.visibleChart, func() bool { return hasData(s.chartShown()) }),
	)
	side := sidePanel(s.task,
		pairForm(s.p1, s.p2),
		widget.NewSeparator(),
		s.match.form(),
		s.match.fromBoard,
		widget.NewSeparator(),
		s.mode,
		form(widget.NewLabel(s.sweepN.name), s.sweepN.e),
	)
	s.sweepN.e.Disable()
	s.below = container.NewAppTabs(
		container.NewTabItem(tr.T("Chart"), s.charts),
		container.NewTabItem(tr.T("Games"), s.games_),
	)
	s.content = screen(side, 420, titleBar(s.summary, s.save), s.results, s.below)
	return s
}

func (s *arenaScreen) setGame(game string) {
	s.p1.setGame(game)
	s.p2.setGame(game)
	s.match.setGame(game)
}

// sweeping reports whether the mode is a depth sweep.
func (s *arenaScreen) sweeping() bool { return s.mode.Selected == s.modes[1] }

func (s *arenaScreen) chartShown() *chart.Chart {
	if s.sweeping() {
		return s.line
	}
	return s.bars
}

func (s *arenaScreen) visibleChart() fyne.CanvasObject { return s.chartShown() }

// run reads the settings and plays.
func (s *arenaScreen) run() {
	p1, err1 := s.p1.Spec()
	p2, err2 := s.p2.Spec()
	switch {
	case err1 != nil:
		s.task.fail(tr.F("P1: %v", err1))
		return
	case err2 != nil:
		s.task.fail(tr.F("P2: %v", err2))
		return
	}
	m, err := s.match.read()
	if err != nil {
		s.task.fail(err.Error())
		return
	}
	cfg := ailab.ArenaConfig{
		Game: m.game, Settings: m.settings, Start: m.start, P1: p1, P2: p2,
		Games: m.games, Openings: m.openings, Parallel: m.parallel, Seed: m.seed,
	}
	if s.sweeping() {
		s.runSweep(cfg, m.where)
		return
	}
	s.bars.Show()
	s.line.Hide()
	s.results.set(arenaHeader(m.game), nil)
	s.games_.set(gamesHeader(m.game), nil)
	s.played = nil
	s.bars.SetTitle(tr.F("Results: %s", m.where), "", tr.T("games"))
	s.bars.SetSeries(nil)
	s.summary.SetText(tr.N("P1 %[1]s against P2 %[2]s, %[3]d game, %[4]s…", m.games, p1, p2, m.games, m.where))
	s.task.start(tr.T("Playing"), func(r *run) func() {
		cfg.OnMove = r.onMove(0, cfg.Games)
		res, err := ailab.Arena(r.ctx, cfg, r.progress)
		return func() {
			s.played = playedGames(cfg, res.Records)
			s.showMatch(res, m.where)
			s.task.finish(err, r.j.start, tr.N("%d game played.", res.Games, res.Games))
		}
	})
}

// showMatch fills the tables, the chart and the summary.
func (s *arenaScreen) showMatch(res ailab.ArenaResult, where string) {
	g := gameOf(res.Game)
	row := func(who string, p ailab.PlayerStats) []string {
		return []string{tr.F("%s %s", who, p.Spec), strconv.Itoa(p.Wins), strconv.Itoa(p.Draws), strconv.Itoa(p.Losses),
			decimal(p.Points, 1), percent(p.Points, res.Games), signed(p.MeanMargin, 1),
			ms(p.MeanMoveSeconds), count(p.MeanMoveNodes)}
	}
	s.results.set(arenaHeader(res.Game), [][]string{row(tr.T("P1"), res.P1), row(tr.T("P2"), res.P2)})
	s.games_.set(gamesHeader(res.Game), gameRows(g, res.Records))
	s.bars.SetSeries([]chart.Series{
		{Name: tr.F("P1 %s", res.P1.Spec), Y: []float64{float64(res.P1.Wins), float64(res.P1.Draws), float64(res.P1.Losses)}},
		{Name: tr.F("P2 %s", res.P2.Spec), Y: []float64{float64(res.P2.Wins), float64(res.P2.Draws), float64(res.P2.Losses)}},
	})
	if res.Games == 0 {
		s.summary.SetText(tr.F("P1 %s against P2 %s, %s: no game finished.", res.P1.Spec, res.P2.Spec, where))
		return
	}
	s.summary.SetText(tr.N("P1 %[1]s against P2 %[2]s, %[3]d game, %[4]s: P1 won %[5]d, drew %[6]d and lost %[7]d, %[8]s of the points; "+
		"Elo difference %[9]s (95%% interval %[10]s to %[11]s).", res.Games,
		res.P1.Spec, res.P2.Spec, res.Games, where, res.P1.Wins, res.P1.Draws, res.P1.Losses, pct(100*res.Score, 1),
		signed(res.Elo, 0), signed(res.EloLow, 0), signed(res.EloHigh, 0)))
	if s.l.opts.OpenGame != nil && len(res.Records) > 0 {
		s.summary.SetText(s.summary.Text + " " + tr.T("Click a game in the Games table to open it on the board."))
	}
}

// gameRows lists a match's games, the players by their colours.
func gameRows(g *games.Game, recs []ailab.GameRecord) [][]string {
	var rows [][]string
	for _, r := range recs {
		var winner string
		switch r.Winner {
		case "p1":
			winner = tr.F("%s (P1)", match.ColourName(g, r.P1Colour))
		case "p2":
			winner = tr.F("%s (P2)", match.ColourName(g, r.P1Colour^1))
		default:
			winner = tr.T("draw")
			if r.Adjudicated {
				winner = tr.T("draw (stopped at the move limit)")
			}
		}
		rows = append(rows, []string{strconv.Itoa(r.Number), match.ColourName(g, r.P1Colour), strconv.Itoa(r.Opening),
			strconv.Itoa(r.Plies), winner, signed(float64(r.Margin), 0), r.Moves})
	}
	return rows
}

// runSweep plays P1 at depths 1..N against P2.
func (s *arenaScreen) runSweep(cfg ailab.ArenaConfig, where string) {
	if !slices.Contains(bots.ParamsFor(cfg.P1.Algo), bots.KeyDepth) {
		s.task.fail(tr.F("P1: %s has no depth to sweep. Choose minimax, alpha-beta, NegaScout or the engine.", algoName(cfg.P1.Algo)))
		return
	}
	top, err := s.sweepN.value()
	if err != nil {
		s.task.fail(err.Error())
		return
	}
	s.line.Show()
	s.bars.Hide()
	s.results.set(sweepHeader(), nil)
	s.games_.set(sweepGamesHeader(cfg.Game), nil)
	s.played = nil
	s.line.SetTitle(tr.F("P1's share of points against P1's depth: %s", where), tr.T("P1's depth"), tr.F("P1's share of points (%%)"))
	s.line.SetSeries(nil)
	g := gameOf(cfg.Game)
	p1 := cfg.P1
	s.summary.SetText(tr.N("P1 %[1]s at depths 1 to %[2]d against P2 %[3]s, %[4]d game per depth, %[5]s…", cfg.Games,
		p1.Algo, top, cfg.P2, cfg.Games, where))
	total := top * cfg.Games
	s.task.start(tr.T("Sweeping"), func(r *run) func() {
		var rows, gameList [][]string
		var played []playedGame
		score := chart.Series{Name: tr.F("P1 %s against P2 %s", p1.Algo, cfg.P2)}
		var err error
		for d := 1; d <= top; d++ {
			c := cfg
			c.P1 = p1
			c.P1.Params.Depth = d
			c.Seed = cfg.Seed + uint64(d)
			base := (d - 1) * cfg.Games
			c.OnMove = r.onMove(base, total)
			res, aerr := ailab.Arena(r.ctx, c, func(done, _ int) { r.progress(base+done, total) })
			if res.Games > 0 {
				rows = append(rows, []string{strconv.Itoa(d), strconv.Itoa(res.Games), strconv.Itoa(res.P1.Wins),
					strconv.Itoa(res.P1.Draws), strconv.Itoa(res.P1.Losses),
					pct(100*res.Score, 1), signed(res.Elo, 0),
					signed(res.EloLow, 0), signed(res.EloHigh, 0), ms(res.P1.MeanMoveSeconds), count(res.P1.MeanMoveNodes)})
				for _, gr := range gameRows(g, res.Records) {
					gameList = append(gameList, append([]string{strconv.Itoa(d)}, gr...))
				}
				played = append(played, playedGames(c, res.Records)...)
				score.X = append(score.X, float64(d))
				score.Y = append(score.Y, 100*res.Score)
			}
			snapRows, snapGames, snapScore := slices.Clone(rows), slices.Clone(gameList), chart.CopySeries([]chart.Series{score})
			r.show(func() {
				s.results.set(sweepHeader(), snapRows)
				s.games_.set(sweepGamesHeader(cfg.Game), snapGames)
				s.line.SetSeries(snapScore)
			})
			if aerr != nil {
				err = aerr
				break
			}
		}
		return func() {
			s.played = played
			s.results.set(sweepHeader(), rows)
			s.games_.set(sweepGamesHeader(cfg.Game), gameList)
			s.line.SetSeries([]chart.Series{score})
			s.summary.SetText(tr.N("P1 %[1]s at depths 1 to %[2]d against P2 %[3]s, %[4]d game per depth, %[5]s.", cfg.Games,
				p1.Algo, len(score.X), cfg.P2, cfg.Games, where))
			s.task.finish(err, r.j.start, tr.N("%d depth played.", len(rows), len(rows)))
		}
	})
}

// playedGame is a game of the arena's table, with what it takes to replay
// it on the board.
type playedGame struct {
	cfg ailab.ArenaConfig
	rec ailab.GameRecord
}

func playedGames(cfg ailab.ArenaConfig, recs []ailab.GameRecord) []playedGame {
	out := make([]playedGame, len(recs))
	for i, r := range recs {
		out[i] = playedGame{cfg: cfg, rec: r}
	}
	return out
}

// openGame opens the game of a row of the games' table on the main
// window's board.
func (s *arenaScreen) openGame(row int) { openPlayed(s.l, s.task, s.played, row) }

// openPlayed opens game row of played on the main window's board, from
// the position its match started from.
func openPlayed(l *Lab, t *task, played []playedGame, row int) {
	if row >= len(played) || l.opts.OpenGame == nil {
		return
	}
	p := played[row]
	g := gameOf(p.cfg.Game)
	start := p.cfg.Start
	if start == nil {
		var err error
		if start, err = g.Start(p.cfg.Settings); err != nil {
			t.fail(err.Error())
			return
		}
	}
	rec, err := g.ParseMoves(start, p.rec.Moves, p.cfg.Settings)
	if err != nil {
		t.fail(tr.F("Arena game %d cannot be opened: %v", p.rec.Number, err))
		return
	}
	l.opts.OpenGame(g, p.cfg.Settings, rec, tr.F("Arena game %d", p.rec.Number))
}
