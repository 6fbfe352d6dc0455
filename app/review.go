package app

import (
	"context"
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardgames/ai/review"
	"boardgames/app/internal/tr"
	"boardgames/rules"
)

// reviewUI is the game review (Game menu, "Review the game"): the
// ai/review model run in the background on the game on the board, with a
// progress bar and Cancel, and its result in a Review tab beside the
// board: each side's accuracy and labels, the evaluation graph, and the
// moves with their marks and the best move; a click on a move shows the
// position before it, and Previous/Next mistake (keys [ and ]) step
// through the inaccuracies, mistakes and blunders.
type reviewUI struct {
	rv     *review.Reviewer // kept: its cache serves the next reviews
	cancel context.CancelFunc
	game   *review.Game // the last review, nil before one
	tab    *container.TabItem
	bar    *widget.ProgressBar
	text   *widget.Label
	rows   []*widget.Button // one per move
	scroll *container.Scroll
	sel    int // the move selected, -1 for none
}

// labelWord is a label in the window's language.
func labelWord(l review.Label) string {
	switch l {
	case review.Best:
		return tr.T("best")
	case review.Good:
		return tr.T("good")
	case review.Inaccuracy:
		return tr.T("inaccuracy")
	case review.Mistake:
		return tr.T("mistake")
	case review.Blunder:
		return tr.T("blunder")
	}
	return tr.T("unproven")
}

// startReview reviews the game on the board in the background.
func (u *UI) startReview() {
	r := &u.review
	if r.cancel != nil {
		u.ctl.Tell(tr.T("The review is under way."))
		return
	}
	rec := u.ctl.Record()
	if rec.Len() == 0 {
		u.ctl.Tell(tr.T("There is no move to review."))
		return
	}
	if r.rv == nil {
		rv, err := review.New(review.Options{})
		if err != nil {
			u.ctl.Tell(err.Error())
			return
		}
		r.rv = rv
	}
	ctx, cancel := context.WithCancel(context.Background())
	r.cancel = cancel
	r.game, r.sel = nil, -1
	u.showReviewTab()
	rv, post := r.rv, u.post // post is fyne.Do in the app
	go func() {
		g, err := rv.Review(ctx, rec, func(p review.Progress) {
			post(func() {
				if r.bar != nil {
					r.bar.SetValue(float64(p.Done) / float64(p.Total))
				}
			})
		})
		post(func() {
			cancel()
			r.cancel = nil
			if err != nil {
				if ctx.Err() == nil {
					u.ctl.Tell(tr.F("The review failed: %v", err))
				}
				u.closeReview()
				return
			}
			r.game = &g
			u.showReviewTab()
			u.moveList.Refresh()
			u.refresh() // the status line's offer of a review goes
		})
	}()
}

// stopReview cancels a review under way (the window closes).
func (u *UI) stopReview() {
	if u.review.cancel != nil {
		u.review.cancel()
	}
}

// closeReview cancels the review and removes its tab.
func (u *UI) closeReview() {
	u.stopReview()
	r := &u.review
	if r.tab != nil && u.tabs != nil {
		u.tabs.Remove(r.tab)
	}
	r.tab, r.game, r.sel = nil, nil, -1
	u.moveList.Refresh()
}

// showReviewTab shows the review's tab: its progress while it runs, its
// result after.
func (u *UI) showReviewTab() {
	r := &u.review
	if u.tabs == nil {
		return
	}
	var content fyne.CanvasObject
	if r.game == nil {
		r.bar = widget.NewProgressBar()
		cancel := widget.NewButtonWithIcon(tr.T("Cancel"), theme.CancelIcon(), u.closeReview)
		content = container.NewVBox(widget.NewLabel(tr.T("Reviewing the game…")), r.bar, cancel)
	} else {
		content = u.reviewResult(*r.game)
	}
	if r.tab != nil {
		u.tabs.Remove(r.tab)
	}
	r.tab = container.NewTabItem(tr.T("Review"), content)
	u.tabs.Append(r.tab)
	u.tabs.Select(r.tab)
}

// reviewResult is the review's tab once it has a result.
func (u *UI) reviewResult(g review.Game) fyne.CanvasObject {
	r := &u.review
	var sides string
	for p, s := range g.Sides {
		if p > 0 {
			sides += "\n"
		}
		sides += tr.F("%s: accuracy %.0f%%; inaccuracies %d, mistakes %d, blunders %d", u.playerName(rules.Player(p)), s.Accuracy,
			s.Count[review.Inaccuracy], s.Count[review.Mistake], s.Count[review.Blunder])
	}
	summary := widget.NewLabel(sides)
	summary.Wrapping = fyne.TextWrapWord
	graph := newReviewGraph(g, func(ply int) {
		if ply == 0 {
			u.browseTo(0)
			return
		}
		u.selectReviewed(ply - 1)
	})
	r.text = widget.NewLabel(tr.T("Click a move to see it on the board, with the best move."))
	r.text.Wrapping = fyne.TextWrapWord
	// The moves as buttons in one scroll with the rest, so that nothing is
	// cut at 200 %: a mistake's button in its label's colour.
	r.rows = make([]*widget.Button, len(g.Moves))
	rows := container.NewVBox()
	for i, m := range g.Moves {
		b := widget.NewButton(strings.TrimSpace(fmt.Sprintf("%d. %s  %s %s", m.Ply, m.Text, m.Label.Symbol(), labelWord(m.Label))),
			func() { u.selectReviewed(i) })
		b.Alignment = widget.ButtonAlignLeading
		b.Importance = widget.LowImportance
		switch m.Label {
		case review.Blunder, review.Mistake:
			b.Importance = widget.DangerImportance
		case review.Inaccuracy:
			b.Importance = widget.WarningImportance
		}
		r.rows[i] = b
		rows.Add(b)
	}
	prev := widget.NewButton(tr.T("Previous mistake ([)"), func() { u.stepMistake(-1) })
	next := widget.NewButton(tr.T("Next mistake (])"), func() { u.stepMistake(1) })
	closeBtn := widget.NewButtonWithIcon(tr.T("Close the review"), theme.CancelIcon(), u.closeReview)
	r.scroll = container.NewVScroll(container.NewVBox(summary, graph, r.text, prev, next, widget.NewSeparator(), rows))
	return container.NewBorder(nil, closeBtn, nil, nil, r.scroll)
}

// reviewGraph is the evaluation graph, a click on it going to the move
// of the point under the click.
type reviewGraph struct {
	widget.BaseWidget
	img   *canvas.Image
	game  review.Game
	onTap func(ply int)
}

func newReviewGraph(g review.Game, onTap func(int)) *reviewGraph {
	img := canvas.NewImageFromImage(review.Image(g))
	img.FillMode = canvas.ImageFillContain
	img.SetMinSize(fyne.NewSize(300, 92))
	w := &reviewGraph{img: img, game: g, onTap: onTap}
	w.ExtendBaseWidget(w)
	return w
}

func (w *reviewGraph) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(w.img) }

// Tapped finds the ply under the click: the image is drawn whole,
// centred, as large as it fits.
func (w *reviewGraph) Tapped(ev *fyne.PointEvent) {
	gw, gh := review.Size()
	size := w.Size()
	scale := min(size.Width/float32(gw), size.Height/float32(gh))
	if scale <= 0 {
		return
	}
	x := (ev.Position.X - (size.Width-float32(gw)*scale)/2) / scale
	w.onTap(review.PlyAt(w.game, float64(x)))
}

// selectReviewed shows move i of the review: the position before it on
// the board, its label, value and the best move.
func (u *UI) selectReviewed(i int) {
	r := &u.review
	if r.game == nil || i < 0 || i >= len(r.game.Moves) {
		return
	}
	r.sel = i
	m := r.game.Moves[i]
	u.browseTo(m.Ply - 1) // which draws the best move's cells (reviewBest)
	text := tr.F("%d. %s: %s (%s).", m.Ply, m.Text, labelWord(m.Label), valueText(m.Played, r.game.Unit))
	if m.Label != review.Best && len(m.Best) > 0 {
		text += " " + tr.F("Best was %s (%s).", joinMoves(m.Best), valueText(m.Before, r.game.Unit))
	}
	depth := max(m.Before.Depth, m.Played.Depth)
	switch {
	case m.Exact:
		text += " " + tr.T("Exact.")
	case m.Before.Unproven || m.Played.Unproven:
		text += " " + tr.F("The solver did not finish in time: the engine's judgement at depth %d.", depth)
	default:
		text += " " + tr.F("The engine's judgement at depth %d.", depth)
	}
	r.text.SetText(text)
	if r.scroll != nil {
		r.scroll.ScrollToTop() // the text says the move, over the list
	}
}

func joinMoves(ms []string) string {
	out := ""
	for i, m := range ms {
		if i > 0 {
			out += ", "
		}
		out += m
	}
	return out
}

// valueText says a value in the window's language: "win in 9 plies",
// "draw", "+4.0 discs" (review.Describe's words, translated).
func valueText(v review.Value, unit string) string {
	var s string
	switch v.Class {
	case review.Win, review.Loss:
		s = tr.T("loss")
		if v.Class == review.Win {
			s = tr.T("win")
		}
		if v.Plies > 0 {
			s = tr.N("%s in %d ply", v.Plies, s, v.Plies)
		}
		if v.Exact && unit == "discs" {
			s += " " + tr.F("(%+g discs)", v.Score)
		}
		return s
	case review.Draw:
		return tr.T("draw")
	}
	switch unit {
	case "discs":
		return tr.F("%+.1f discs", v.Score)
	case "men":
		return tr.F("%+.1f men", v.Score)
	case "marks":
		return tr.F("%+.1f marks", v.Score)
	}
	return tr.F("%+.0f (the engine's units)", v.Score)
}

// stepMistake selects the next (dir 1) or previous (dir -1) inaccuracy,
// mistake or blunder of the review.
func (u *UI) stepMistake(dir int) {
	r := &u.review
	if r.game == nil && r.cancel == nil && u.ctl.Result().Over() {
		u.startReview() // a finished game: [ and ] review it first
		return
	}
	if r.game == nil {
		u.ctl.Tell(tr.T("Review the game first (Game menu)."))
		return
	}
	for i := r.sel + dir; i >= 0 && i < len(r.game.Moves); i += dir {
		if r.game.Moves[i].Label.Severity() >= review.Inaccuracy.Severity() {
			u.selectReviewed(i)
			return
		}
	}
	u.ctl.Tell(tr.T("No more inaccuracies, mistakes or blunders that way."))
}

// offerReview is the status line's offer at the end of a game that has
// moves and no review of its own yet ("" otherwise).
func (u *UI) offerReview() string {
	r := &u.review
	c := u.ctl
	if !c.Result().Over() || c.Len() == 0 || u.browsing() || r.cancel != nil {
		return ""
	}
	if r.game != nil && len(r.game.Moves) == c.Len() && r.game.Start == c.At(0).String() {
		return ""
	}
	return tr.T("Review the game to label every move: press ] or use the Game menu.")
}

// reviewedMove is the review of the game's move id (1 the first), when
// the game still has the moves reviewed up to it.
func (u *UI) reviewedMove(id int) (review.Move, bool) {
	r := &u.review
	if r.game == nil || id < 1 || id > len(r.game.Moves) || id > u.ctl.Len() || r.game.Start != u.ctl.At(0).String() {
		return review.Move{}, false
	}
	for i := range id {
		if u.ctl.Move(i) != r.game.Moves[i].Move {
			return review.Move{}, false
		}
	}
	return r.game.Moves[id-1], true
}

// reviewMark is the mark of the move list's row id once the game is
// reviewed: "  ?? blunder", or "".
func (u *UI) reviewMark(id int) string {
	m, ok := u.reviewedMove(id)
	if !ok {
		return ""
	}
	return "  " + strings.TrimSpace(m.Label.Symbol()+" "+labelWord(m.Label))
}

// reviewImportance colours a row of the move list by its move's label:
// blunders and mistakes red, inaccuracies yellow.
func (u *UI) reviewImportance(id int) widget.Importance {
	m, _ := u.reviewedMove(id)
	switch m.Label {
	case review.Blunder, review.Mistake:
		return widget.DangerImportance
	case review.Inaccuracy:
		return widget.WarningImportance
	}
	return widget.MediumImportance
}

// reviewBest is the cells of the best move the review names at the
// position after ply moves, when the move played there is the one
// selected in the review; nil otherwise.
func (u *UI) reviewBest(ply int) []int {
	r := &u.review
	m, ok := u.reviewedMove(r.sel + 1)
	if !ok || m.Ply-1 != ply || m.Label == review.Best || len(m.Best) == 0 {
		return nil
	}
	pos := u.ctl.At(ply)
	best, err := pos.ParseMove(m.Best[0])
	if err != nil {
		return nil
	}
	return pos.Squares(best)
}

// Review returns the last review of the game, nil before one ends.
func (u *UI) Review() *review.Game { return u.review.game }
