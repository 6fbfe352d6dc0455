package app

import (
	"context"
	"fmt"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardgames/ai/review"
	"boardgames/app/internal/tr"
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
	list   *widget.List
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
	r.tab, r.game = nil, nil
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
		sides += tr.F("%s: accuracy %.0f%%; %d inaccuracies, %d mistakes, %d blunders", s.Name, s.Accuracy,
			s.Count[review.Inaccuracy], s.Count[review.Mistake], s.Count[review.Blunder])
	}
	summary := widget.NewLabel(sides)
	summary.Wrapping = fyne.TextWrapWord
	graph := canvas.NewImageFromImage(review.Image(g))
	graph.FillMode = canvas.ImageFillContain
	graph.SetMinSize(fyne.NewSize(240, 80))
	r.text = widget.NewLabel("")
	r.text.Wrapping = fyne.TextWrapWord
	r.list = widget.NewList(func() int { return len(g.Moves) },
		func() fyne.CanvasObject {
			return container.NewHBox(canvas.NewText("??", color.Black), widget.NewLabel(""))
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			box := o.(*fyne.Container)
			m := g.Moves[i]
			mark := box.Objects[0].(*canvas.Text)
			mark.Text = m.Label.Symbol()
			mark.TextStyle.Bold = true
			mark.TextSize = theme.TextSize()
			mark.Color = theme.Color(theme.ColorNameForeground)
			if c := review.Colour(m.Label); c != "" {
				mark.Color = hexColour(c)
			}
			mark.Refresh()
			box.Objects[1].(*widget.Label).SetText(fmt.Sprintf("%d. %s  %s", m.Ply, m.Text, labelWord(m.Label)))
		})
	r.list.OnSelected = func(i widget.ListItemID) { u.selectReviewed(i) }
	prev := widget.NewButton(tr.T("Previous mistake ([)"), func() { u.stepMistake(-1) })
	next := widget.NewButton(tr.T("Next mistake (])"), func() { u.stepMistake(1) })
	closeBtn := widget.NewButtonWithIcon(tr.T("Close the review"), theme.CancelIcon(), u.closeReview)
	top := container.NewVBox(summary, graph, r.text, container.NewGridWithColumns(2, prev, next))
	return container.NewBorder(top, closeBtn, nil, nil, r.list)
}

// hexColour reads "#rrggbb".
func hexColour(s string) color.Color {
	var r, g, b uint8
	fmt.Sscanf(s, "#%02x%02x%02x", &r, &g, &b)
	return color.NRGBA{r, g, b, 0xff}
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
	u.browseTo(m.Ply - 1)
	text := tr.F("%d. %s: %s (%s).", m.Ply, m.Text, labelWord(m.Label), review.Describe(m.Played, r.game.Unit))
	if m.Label != review.Best && len(m.Best) > 0 {
		text += " " + tr.F("Best was %s (%s).", joinMoves(m.Best), review.Describe(m.Before, r.game.Unit))
	}
	if m.Exact {
		text += " " + tr.T("Exact.")
	} else {
		text += " " + tr.F("The engine's judgement: %s.", m.Basis)
	}
	r.text.SetText(text)
	if u.review.list != nil {
		u.review.list.ScrollTo(i)
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

// stepMistake selects the next (dir 1) or previous (dir -1) inaccuracy,
// mistake or blunder of the review.
func (u *UI) stepMistake(dir int) {
	r := &u.review
	if r.game == nil {
		u.ctl.Tell(tr.T("Review the game first (Game menu)."))
		return
	}
	for i := r.sel + dir; i >= 0 && i < len(r.game.Moves); i += dir {
		if r.game.Moves[i].Label.Severity() >= review.Inaccuracy.Severity() {
			r.list.Select(i)
			return
		}
	}
	u.ctl.Tell(tr.T("No more inaccuracies, mistakes or blunders that way."))
}

// Review returns the last review of the game, nil before one ends.
func (u *UI) Review() *review.Game { return u.review.game }
