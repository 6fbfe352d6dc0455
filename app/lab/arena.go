package lab

import (
	"fmt"
	"slices"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"boardgames/ai"
	"boardgames/ai/bots"
	ailab "boardgames/ai/lab"
	"boardgames/app/chart"
	"boardgames/rules/games"
)

// Arena modes.
const (
	modeMatch = "Match"
	modeSweep = "Depth sweep"
)

// arenaScreen plays bot-vs-bot matches, or a depth sweep: P1 at depths 1
// to N against the same P2.
type arenaScreen struct {
	l      *Lab
	p1, p2 *botPicker
	games  *intField
	match  *matchFields
	mode   *widget.RadioGroup
	sweepN *intField
	task   *task

	summary *widget.Label
	results *dataTable
	games_  *dataTable
	bars    *chart.Chart // W/D/L of a match
	line    *chart.Chart // score against depth of a sweep
	charts  *fyne.Container
	content fyne.CanvasObject
}

var (
	arenaHeader = []string{"bot", "wins", "draws", "losses", "points", "score",
		"margin", "time/move", "nodes/move"}
	sweepHeader = []string{"P1 depth", "games", "wins", "draws", "losses", "score",
		"Elo", "95% low", "95% high", "time/move", "nodes/move"}
	gamesHeader = []string{"game", "P1 plays", "opening plies", "plies", "winner", "P1 margin", "moves"}
	// sweepGamesHeader lists a sweep's games, with P1's depth first.
	sweepGamesHeader = append([]string{"P1 depth"}, gamesHeader...)
)

func newArenaScreen(l *Lab) *arenaScreen {
	s := &arenaScreen{l: l}
	s.p1 = newBotPicker(l.game, bots.Spec{Algo: "alphabeta", Params: ai.Params{Depth: 3, Ordering: true}})
	s.p2 = newBotPicker(l.game, bots.Spec{Algo: "greedy"})
	s.games = newIntField("games", 1, 10000, "10", "2", "4", "10", "20", "50", "100", "200")
	s.match = newMatchFields(l, s.games, "Games")
	s.sweepN = newIntField("sweep depth", 1, 10, "4", numbers(1, 8)...)
	s.mode = widget.NewRadioGroup([]string{modeMatch, modeSweep}, func(m string) {
		if m == modeSweep {
			s.sweepN.e.Enable()
		} else {
			s.sweepN.e.Disable()
		}
	})
	s.mode.Required = true
	s.mode.Horizontal = true
	s.mode.SetSelected(modeMatch)
	s.task = newTask(l, "Play", s.run)

	s.summary = note("Two bots play each other, colours alternating; games 2k−1 and 2k share a random opening.")
	s.summary.TextStyle.Bold = true
	s.results = newDataTable(arenaHeader...)
	s.games_ = newDataTable(gamesHeader...)
	s.bars = chart.NewBar("Results", "", "games")
	s.bars.SetCategories([]string{"wins", "draws", "losses"})
	s.line = chart.NewLine("P1's score against P1's depth", "P1 depth", "P1 score (%)")
	s.line.SetYRange(0, 100)
	s.line.Hide()
	s.charts = container.NewStack(s.bars, s.line)

	exports := l.exportButtons(s.task,
		tableCSV("Results CSV…", "arena-results.csv", s.results),
		tableCSV("Games CSV…", "arena-games.csv", s.games_),
		chartPNG("Chart PNG…", "arena.png", s.visibleChart, func() bool { return hasData(s.chartShown()) }),
	)
	side := sidePanel(s.task, 420,
		pairForm(s.p1, s.p2),
		widget.NewSeparator(),
		s.match.form(),
		s.match.fromBoard,
		widget.NewSeparator(),
		s.mode,
		form(widget.NewLabel("P1 depths 1 to"), s.sweepN.e),
	)
	s.sweepN.e.Disable()
	tables := container.NewAppTabs(
		container.NewTabItem("Results", s.results.w),
		container.NewTabItem("Games", s.games_.w),
	)
	split := container.NewVSplit(tables, s.charts)
	split.Offset = 0.45
	s.content = screen(side, titleBar(s.summary, exports), split)
	return s
}

func (s *arenaScreen) setGame(game string) {
	s.p1.setGame(game)
	s.p2.setGame(game)
	s.match.setGame(game)
}

func (s *arenaScreen) chartShown() *chart.Chart {
	if s.mode.Selected == modeSweep {
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
		s.task.fail("P1: %v", err1)
		return
	case err2 != nil:
		s.task.fail("P2: %v", err2)
		return
	}
	m, err := s.match.read()
	if err != nil {
		s.task.fail("%v", err)
		return
	}
	cfg := ailab.ArenaConfig{
		Game: m.game, Settings: m.settings, Start: m.start, P1: p1, P2: p2,
		Games: m.games, Openings: m.openings, Parallel: m.parallel, Seed: m.seed,
	}
	if s.mode.Selected == modeSweep {
		s.runSweep(cfg, m.where)
		return
	}
	s.bars.Show()
	s.line.Hide()
	s.results.set(arenaHeader, nil)
	s.games_.set(gamesHeader, nil)
	s.bars.SetSeries(nil)
	s.summary.SetText(fmt.Sprintf("%s vs %s, %d games %s…", p1, p2, m.games, m.where))
	s.task.start("Playing", func(r *run) func() {
		res, err := ailab.Arena(r.ctx, cfg, r.progress)
		return func() {
			s.showMatch(res, m.where)
			s.task.finish(err, r.j.start, fmt.Sprintf("%d games played.", res.Games))
		}
	})
}

// showMatch fills the tables, the chart and the summary.
func (s *arenaScreen) showMatch(res ailab.ArenaResult, where string) {
	g := gameOf(res.Game)
	row := func(name string, p ailab.PlayerStats) []string {
		return []string{name + " " + p.Spec, strconv.Itoa(p.Wins), strconv.Itoa(p.Draws), strconv.Itoa(p.Losses),
			strconv.FormatFloat(p.Points, 'f', 1, 64), percent(p.Points, res.Games), signed(p.MeanMargin, 1),
			ms(p.MeanMoveSeconds), count(p.MeanMoveNodes)}
	}
	s.results.set(arenaHeader, [][]string{row("P1", res.P1), row("P2", res.P2)})
	s.games_.set(gamesHeader, gameRows(g, res.Records))
	s.bars.SetSeries([]chart.Series{
		{Name: "P1 " + res.P1.Spec, Y: []float64{float64(res.P1.Wins), float64(res.P1.Draws), float64(res.P1.Losses)}},
		{Name: "P2 " + res.P2.Spec, Y: []float64{float64(res.P2.Wins), float64(res.P2.Draws), float64(res.P2.Losses)}},
	})
	if res.Games == 0 {
		s.summary.SetText(fmt.Sprintf("%s vs %s: no game finished.", res.P1.Spec, res.P2.Spec))
		return
	}
	s.summary.SetText(fmt.Sprintf("P1 %s vs P2 %s, %d games %s: P1 scored %.1f%% (%d–%d–%d). "+
		"Elo difference %s (95%% interval %s to %s).",
		res.P1.Spec, res.P2.Spec, res.Games, where, 100*res.Score, res.P1.Wins, res.P1.Draws, res.P1.Losses,
		signed(res.Elo, 0), signed(res.EloLow, 0), signed(res.EloHigh, 0)))
}

// gameRows lists a match's games.
func gameRows(g *games.Game, recs []ailab.GameRecord) [][]string {
	var rows [][]string
	for _, r := range recs {
		winner := map[string]string{"p1": "P1", "p2": "P2", "draw": "draw"}[r.Winner]
		if r.Adjudicated {
			winner += " (adjudicated)"
		}
		rows = append(rows, []string{strconv.Itoa(r.Number), g.Players[r.P1Colour], strconv.Itoa(r.Opening),
			strconv.Itoa(r.Plies), winner, signed(float64(r.Margin), 0), r.Moves})
	}
	return rows
}

// runSweep plays P1 at depths 1..N against P2.
func (s *arenaScreen) runSweep(cfg ailab.ArenaConfig, where string) {
	if !slices.Contains(bots.ParamsFor(cfg.P1.Algo), bots.KeyDepth) {
		s.task.fail("P1: %s has no depth to sweep: choose minimax, alphabeta, negascout or the engine.", cfg.P1.Algo)
		return
	}
	top, err := s.sweepN.value()
	if err != nil {
		s.task.fail("%v", err)
		return
	}
	s.line.Show()
	s.bars.Hide()
	s.results.set(sweepHeader, nil)
	s.games_.set(sweepGamesHeader, nil)
	s.line.SetSeries(nil)
	g := gameOf(cfg.Game)
	p1 := cfg.P1
	s.summary.SetText(fmt.Sprintf("%s at depths 1 to %d vs %s, %d games each %s… (wins, score, time and nodes are P1's)",
		p1.Algo, top, cfg.P2, cfg.Games, where))
	total := top * cfg.Games
	s.task.start("Sweeping", func(r *run) func() {
		var rows, gameList [][]string
		score := chart.Series{Name: "P1 score %"}
		var err error
		for d := 1; d <= top; d++ {
			c := cfg
			c.P1 = p1
			c.P1.Params.Depth = d
			c.Seed = cfg.Seed + uint64(d)
			base := (d - 1) * cfg.Games
			res, aerr := ailab.Arena(r.ctx, c, func(done, _ int) { r.progress(base+done, total) })
			if res.Games > 0 {
				rows = append(rows, []string{strconv.Itoa(d), strconv.Itoa(res.Games), strconv.Itoa(res.P1.Wins),
					strconv.Itoa(res.P1.Draws), strconv.Itoa(res.P1.Losses),
					strconv.FormatFloat(100*res.Score, 'f', 1, 64) + "%", signed(res.Elo, 0),
					signed(res.EloLow, 0), signed(res.EloHigh, 0), ms(res.P1.MeanMoveSeconds), count(res.P1.MeanMoveNodes)})
				for _, gr := range gameRows(g, res.Records) {
					gameList = append(gameList, append([]string{strconv.Itoa(d)}, gr...))
				}
				score.X = append(score.X, float64(d))
				score.Y = append(score.Y, 100*res.Score)
			}
			snapRows, snapGames, snapScore := slices.Clone(rows), slices.Clone(gameList), chart.CopySeries([]chart.Series{score})
			r.show(func() {
				s.results.set(sweepHeader, snapRows)
				s.games_.set(sweepGamesHeader, snapGames)
				s.line.SetSeries(snapScore)
			})
			if aerr != nil {
				err = aerr
				break
			}
		}
		return func() {
			s.results.set(sweepHeader, rows)
			s.games_.set(sweepGamesHeader, gameList)
			s.line.SetSeries([]chart.Series{score})
			s.summary.SetText(fmt.Sprintf("%s at depths 1 to %d vs %s, %d games per depth %s (wins, score, time and nodes are P1's).",
				p1.Algo, len(score.X), cfg.P2, cfg.Games, where))
			s.task.finish(err, r.j.start, fmt.Sprintf("%d depths played.", len(rows)))
		}
	})
}
