package app

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardgames/ai/bots"
	"boardgames/app/board"
	"boardgames/app/internal/tr"
	"boardgames/app/match"
	"boardgames/rules"
	"boardgames/rules/checkers"
	"boardgames/rules/connect4"
	"boardgames/rules/games"
)

// refresh shows the state of the match; the controller calls it after
// every change.
func (u *UI) refresh() {
	if u.closed {
		return
	}
	if u.row != nil { // forms made since (a seat's algorithm changed)
		defer u.releaseAfter(u.row)
	}
	c := u.ctl
	g := c.Game()
	if title := match.GameTitle(g); u.gameSelect.Selected != title {
		u.gameSelect.SetSelected(title)
	}
	if u.view > c.Len() {
		u.view = -1 // the moves shown were taken back
	}
	u.refreshBoard()
	u.refreshAnalysis()

	if u.browsing() {
		u.turn.SetText(tr.F("Viewing move %d of %d: %s", u.view, c.Len(), u.viewedTurn()))
		u.turn.Importance = widget.WarningImportance
	} else {
		u.turn.SetText(c.TurnText())
		u.turn.Importance = widget.MediumImportance
		if c.Result().Over() {
			u.turn.Importance = widget.SuccessImportance
		}
	}
	u.turn.Refresh()
	u.score.SetText(c.ScoreLineOf(c.At(u.shownPly())))
	u.status.SetText(strings.TrimSpace(c.Note() + " " + u.offerReview()))
	u.refreshMoveList()

	th, thinking := c.Thinking()
	enable(u.moveNowBtn, thinking)
	u.refreshPredict()
	// The search panel is there while a seat is a bot, and keeps its
	// place and size while the bots think.
	if u.searchBox != nil { // made with the window's content
		show(u.searchBox, c.Seat(0).Bot || c.Seat(1).Bot)
	}
	// The progress bar's room is kept while a bot with a time budget plays.
	budget := false
	for p := range 2 {
		s := c.Seat(rules.Player(p))
		budget = budget || s.Bot && s.Spec.Params.Time > 0
	}
	show(u.barSlot, budget)
	switch h := c.Held(); {
	case thinking:
		u.showThinking(th)
	case h != nil:
		u.thinkBar.Hide()
		u.thinkTitle.SetText(tr.F("%s has chosen its move: hidden until you press R (predict first).", u.playerName(h.Player)))
		u.thinkStats.SetText(tr.F("It searched %s nodes in %s.", match.Count(h.Info.Nodes), match.Seconds(h.Info.Elapsed)))
		u.thinkPV.SetText("")
	default:
		u.showLastSearch()
	}
	enable(u.undoBtn, c.CanUndo())
	enable(u.redoBtn, c.CanRedo())
	enable(u.hintBtn, c.HumanToMove() && !c.HintRunning() && !u.browsing())
	anyBot := c.Seat(0).Bot || c.Seat(1).Bot
	enable(u.pauseBtn, anyBot && !c.Result().Over())
	bar := u.toolbar.Layout.(*toolbar)
	if c.Paused() {
		bar.SetLabel(u.pauseBtn, tr.T("Resume"))
		u.pauseBtn.SetIcon(theme.MediaPlayIcon())
	} else {
		bar.SetLabel(u.pauseBtn, tr.T("Pause"))
		u.pauseBtn.SetIcon(theme.MediaPauseIcon())
	}
	enable(u.stepBtn, c.Paused() && !thinking && !c.Result().Over() && c.Seat(c.Position().ToMove()).Bot)
	enable(u.flipBtn, g.Name != connect4.Name)
	for _, s := range u.seats {
		s.card.SetTitle(u.playerTitle(s.player))
	}
	if u.lab != nil {
		u.lab.Refresh()
	}
	u.refreshLectureButtons()
	u.fitGamePane()
	u.autosave()
}

// fitGamePane lets the Game tab's texts take the height they need now.
func (u *UI) fitGamePane() {
	if u.gamePane != nil {
		u.gamePane.fit()
	}
}

// show shows or hides o.
func show(o fyne.CanvasObject, on bool) {
	if on == o.Visible() {
		return
	}
	if on {
		o.Show()
	} else {
		o.Hide()
	}
}

func enable(b *widget.Button, on bool) {
	if on {
		b.Enable()
	} else {
		b.Disable()
	}
}

// refreshBoard shows the position (the game's, or the one browsed to) with
// its marks, animating a new move.
func (u *UI) refreshBoard() {
	if u.showingNode() {
		return
	}
	c := u.ctl
	g := c.Game()
	ply := u.shownPly()
	pos := c.At(ply)
	last, before, changed := c.MoveAt(ply - 1)
	prev, _, prevChanged := c.MoveAt(ply - 2)
	v := board.View{
		Game: g.Name, Rows: pos.Rows(), Last: last, Changed: changed, Prev: prev, PrevChanged: prevChanged,
		Coords:  u.prefs.p.BoolWithFallback(PrefCoords, true),
		Numbers: g.Name == checkers.Name,
		Flipped: u.prefs.flipped(g),
	}
	if !u.prefs.p.BoolWithFallback(PrefMarks, true) {
		v.Changed, v.Prev, v.PrevChanged = nil, nil, nil
	}
	if u.humanAt(ply) {
		legal := pos.Legal()
		starts, next := u.input.Targets(pos, legal)
		switch {
		case g.Name != checkers.Name:
			v.Legal = starts
		case len(u.input.Path()) > 0:
			v.Selected = u.input.Path()
			v.Legal = next
		default:
			v.Movable = starts
		}
		if h := c.CurrentHint(); h != nil && !u.browsing() {
			v.Hint = pos.Squares(h.Move)
		}
	} else {
		u.input.Reset()
	}
	if best := u.reviewBest(ply); best != nil { // the review's "best was …"
		v.Hint = best
	}
	if pos.Result().Over() && g.Name == connect4.Name {
		v.Win = match.WinningLine(v.Rows)
	}
	key := pos.String()
	if g.Name == u.shownGame && ply == u.shownLen+1 && key != u.shownPos && !u.browsing() {
		u.board.ShowMove(v, before, last, changed)
	} else if g.Name != u.shownGame || ply != u.shownLen || key != u.shownPos {
		u.board.SetView(v)
	} else {
		u.board.Update(v)
	}
	u.shownGame, u.shownLen, u.shownPos = g.Name, ply, key
}

// humanAt reports whether the position after ply moves is a human's turn
// in a game not over there: the board takes clicks.
func (u *UI) humanAt(ply int) bool {
	c := u.ctl
	if ply == c.Len() {
		return c.HumanToMove()
	}
	pos := c.At(ply)
	return !pos.Result().Over() && !c.Seat(pos.ToMove()).Bot
}

// showThinking shows the running search: who thinks, the time, and the
// live statistics (depth under way, root moves done, nodes, speed, the
// move it would play now).
func (u *UI) showThinking(t match.Thinking) {
	name := u.playerName(t.Player)
	bot := match.BotTitle(t.Spec)
	if t.Waiting {
		u.thinkTitle.SetText(tr.F("%s (%s) is about to move…", name, bot))
	} else {
		u.thinkTitle.SetText(tr.F("%s (%s) is thinking…", name, bot))
	}
	budget := t.Spec.Params.Time
	el := t.Elapsed
	if budget > 0 {
		u.thinkBar.Max = budget.Seconds()
		u.thinkBar.SetValue(min(el.Seconds(), budget.Seconds()))
		u.thinkBar.TextFormatter = func() string { return tr.F("%s of %s", match.Seconds(el), match.Seconds(budget)) }
		u.thinkBar.Show()
		u.thinkBar.Refresh()
	} else {
		u.thinkBar.Hide()
	}
	i := t.Info
	if t.Waiting {
		u.thinkStats.SetText(tr.F("It starts after a pause of %s.", match.Seconds(t.Delay)))
		u.thinkPV.SetText("")
		return
	}
	game := u.ctl.Game().Name
	var stats string
	switch {
	case i.Searching > 0:
		stats = tr.F("Depth %d: %d of %d root moves done · %s nodes · %s nodes/s · %s",
			i.Searching, i.RootDone, i.RootTotal, match.Count(i.Nodes), match.Rate(i), match.Seconds(el))
	case i.Depth > 0:
		stats = tr.F("Depth %d done · %s nodes · %s nodes/s · %s",
			i.Depth, match.Count(i.Nodes), match.Rate(i), match.Seconds(el))
	default:
		stats = tr.F("%s nodes · %s nodes/s · %s", match.Count(i.Nodes), match.Rate(i), match.Seconds(el))
	}
	u.thinkStats.SetText(stats)
	switch {
	case u.predictFirst() && t.PV != "":
		u.thinkPV.SetText(tr.T("Its best move so far is hidden (predict first): guess it."))
	case t.PV != "" && (i.Depth > 0 || i.RootDone > 0 || i.Searching == 0):
		u.thinkPV.SetText(tr.F("Best so far: %s (%s for %s). Expected line: %s",
			firstMove(t.PV), match.ScoreWords(game, t.Spec, i.Score, i.Exact), name, t.PV))
	case i.Searching > 0:
		u.thinkPV.SetText(tr.F("No move found yet: Move now would play the greedy move (%s has not finished one root move at depth %d).",
			match.AlgoTitle(t.Spec.Algo), i.Searching))
	default:
		u.thinkPV.SetText(tr.T("No move found yet."))
	}
	u.fitGamePane()
}

// showLastSearch shows the last bot move still on the board and what its
// search did, in the search panel.
func (u *UI) showLastSearch() {
	u.thinkBar.Hide()
	c := u.ctl
	lb := c.LastBotMove()
	if lb == nil {
		u.thinkTitle.SetText(tr.T("No bot is thinking."))
		var seated []string
		for p := range 2 {
			if s := c.Seat(rules.Player(p)); s.Bot {
				seated = append(seated, tr.F("%s is played by %s.", u.playerName(rules.Player(p)), match.BotTitle(s.Spec)))
			}
		}
		u.thinkStats.SetText(strings.Join(seated, " "))
		u.thinkPV.SetText("")
		return
	}
	i := lb.Info
	name := u.playerName(lb.Player)
	u.thinkTitle.SetText(lb.Note(name, c.At(lb.Ply)))
	game := c.Game().Name
	scored := lb.Spec
	if i.Fallback { // the greedy move's score: its immediate gain
		scored = bots.Spec{Algo: "greedy"}
	}
	if i.Depth > 0 {
		u.thinkStats.SetText(tr.F("%s · %s for %s · depth %d · %s nodes in %s (%s nodes/s)",
			match.BotTitle(lb.Spec), match.ScoreWords(game, scored, i.Score, i.Exact), name, i.Depth,
			match.Count(i.Nodes), match.Seconds(i.Elapsed), match.Rate(i)))
	} else {
		u.thinkStats.SetText(tr.F("%s · %s for %s · %s nodes in %s (%s nodes/s)",
			match.BotTitle(lb.Spec), match.ScoreWords(game, scored, i.Score, i.Exact), name,
			match.Count(i.Nodes), match.Seconds(i.Elapsed), match.Rate(i)))
	}
	if len(i.PV) > 1 {
		u.thinkPV.SetText(tr.F("Expected line: %s", strings.Join(games.LineStrings(u.ctl.At(lb.Ply), i.PV), " ")))
	} else {
		u.thinkPV.SetText("")
	}
}

// firstMove is the first move of a line written with spaces.
func firstMove(line string) string {
	for i := 0; i < len(line); i++ {
		if line[i] == ' ' {
			return line[:i]
		}
	}
	return line
}
