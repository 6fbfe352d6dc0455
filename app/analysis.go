package app

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardgames/ai"
	"boardgames/app/board"
	"boardgames/app/internal/tr"
	"boardgames/app/match"
	"boardgames/rules/checkers"
)

// PrefAnalysis remembers whether the move values are shown.
const PrefAnalysis = "showMoveValues"

// analysisUI is the move-value overlay: a toggle (the Values check beside
// the score, a View menu item, key V) that writes each legal move's value on the board,
// computed off the UI goroutine by a match.Analyzer and refreshed as the
// position changes, with a line that says how far it is.
type analysisUI struct {
	on       bool
	overlay  *board.Overlay
	progress *widget.Label
	check    *widget.Check
	item     *fyne.MenuItem
	z        *match.Analyzer
}

// buildAnalysis makes the overlay's widgets (after the board).
func (u *UI) buildAnalysis() {
	a := &u.analysis
	if a.z != nil { // the window is built again: the old analysis ends
		a.z.Stop()
	}
	a.on = u.prefs.p.BoolWithFallback(PrefAnalysis, false)
	a.overlay = board.NewOverlay(u.board)
	a.progress = widget.NewLabel("")
	a.progress.Wrapping = fyne.TextWrapWord
	a.progress.SizeName = theme.SizeNameCaptionText
	a.progress.Hide()
	a.check = widget.NewCheck(tr.T("Values (V)"), func(on bool) {
		if on != a.on {
			u.toggleAnalysis()
		}
	})
	a.item = fyne.NewMenuItem(tr.T("Move values (V)"), u.toggleAnalysis)
	a.z = match.NewAnalyzer(u.post)
	a.z.OnUpdate = u.showAnalysis
	u.showToggle()
}

// boardView is the board with the overlay over it.
func (u *UI) boardView() fyne.CanvasObject {
	return container.NewStack(u.board, u.analysis.overlay, u.pathOverlay())
}

// AnalysisOn reports whether the move values are shown.
func (u *UI) AnalysisOn() bool { return u.analysis.on }

// Overlay returns the widget that writes the move values on the board.
func (u *UI) Overlay() *board.Overlay { return u.analysis.overlay }

// Analyzer returns the analysis behind the overlay.
func (u *UI) Analyzer() *match.Analyzer { return u.analysis.z }

// toggleAnalysis shows or hides the move values.
func (u *UI) toggleAnalysis() {
	a := &u.analysis
	a.on = !a.on
	u.prefs.p.SetBool(PrefAnalysis, a.on)
	u.showToggle()
	u.refreshAnalysis()
}

// showToggle shows whether the values are on: the check and the menu item
// ticked.
func (u *UI) showToggle() {
	a := &u.analysis
	a.item.Checked = a.on
	if u.mainMenu != nil {
		u.mainMenu.Refresh()
	}
	a.check.SetChecked(a.on)
}

// refreshAnalysis starts the analysis of the position on the board, the
// game's or an earlier one being browsed (the analyzer keeps going if it is
// the one it is analysing), or stops it.
func (u *UI) refreshAnalysis() {
	a := &u.analysis
	pos := u.ctl.At(u.shownPly())
	if !a.on || pos.Result().Over() {
		a.z.Stop()
		a.overlay.SetLabels(nil)
		a.progress.Hide()
		return
	}
	if last := a.z.Last().Position; last == nil || last.String() != pos.String() || last.Game() != pos.Game() {
		a.overlay.SetLabels(nil)
		a.progress.SetText(tr.T("Move values: analysing…"))
	}
	a.progress.Show()
	a.z.Start(pos)
	if last := a.z.Last(); last.Position != nil && last.Position.String() == pos.String() {
		u.showAnalysis(last) // hidden or shown, as predict first wants now
	}
}

// stopAnalysis ends the analysis goroutine (the window closes).
func (u *UI) stopAnalysis() { u.analysis.z.Stop() }

// showAnalysis writes a report of the analyzer on the board.
func (u *UI) showAnalysis(an match.Analysis) {
	a := &u.analysis
	if !a.on {
		return
	}
	if u.valuesHidden() {
		a.overlay.SetLabels(nil)
		a.progress.SetText(tr.T("Move values hidden (predict first): guess, then press R to reveal them."))
		a.progress.Show()
		return
	}
	labels := u.valueLabels(an)
	a.overlay.SetLabels(labels)
	text := an.Progress()
	if an.Position != nil && an.Position.Game() == checkers.Name && len(u.input.Path()) == 0 && len(an.Moves) > 0 {
		text += " " + tr.T("Each piece shows the best of its moves: click it to see the value of each.")
	}
	if an.Position != nil {
		text += "\n" + match.ValuesLegend(an.Position.Game(), an.Exact() < len(an.Moves))
	}
	a.progress.SetText(text)
	a.progress.Show()
}

// valueLabels are the labels of an analysis: one per move, on the cell
// where the move puts its piece. In checkers, where two moves can end on
// the same square (9-14 and 10-14), each piece that can move shows the
// best value of its moves on its own square until it is clicked; then
// each of its moves shows its value on its destination.
func (u *UI) valueLabels(an match.Analysis) []board.Label {
	var labels []board.Label
	var scores []int
	path := u.input.Path()
	at := map[int]int{} // cell -> index in labels
	for _, mv := range an.Moves {
		cell := mv.Cell
		if an.Position != nil && an.Position.Game() == checkers.Name {
			sq := an.Position.Squares(mv.Move)
			switch {
			case len(path) > 0 && (len(sq) < len(path) || !slices.Equal(sq[:len(path)], path)):
				continue // another piece's move
			case len(path) == 0 && len(sq) > 0:
				cell = sq[0]
			}
		}
		if cell < 0 {
			continue
		}
		tone := 0
		switch {
		case mv.Score > 0:
			tone = 1
		case mv.Score < 0:
			tone = -1
		}
		l := board.Label{Cell: cell, Text: mv.Label, Exact: mv.Exact || ai.IsDecided(mv.Score), Tone: tone, Best: mv.Best}
		if i, ok := at[cell]; ok {
			if mv.Known && (mv.Score > scores[i] || labels[i].Text == "…") {
				labels[i], scores[i] = l, mv.Score
			}
			continue
		}
		at[cell] = len(labels)
		labels = append(labels, l)
		scores = append(scores, mv.Score)
	}
	return labels
}
