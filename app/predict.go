package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardgames/app/internal/classroom"
	"boardgames/app/internal/tr"
)

// Predict first (View menu, the Settings tab): a bot's chosen move is held
// back and the move values stay hidden until the teacher reveals them
// (key R, or the Reveal button where Move now is), so that the class
// guesses first. The bot's best move so far and its expected line are
// hidden while it thinks. The lab's Compare hides its moves and scores the
// same way (package app/internal/classroom holds the setting's key, which
// the lab and the inspector read).

// predictUI is predict first's state in the window.
type predictUI struct {
	item   *fyne.MenuItem
	check  *widget.Check
	note   *widget.Label
	reveal *widget.Button
	// revealed is the position whose move values were revealed.
	revealed string
}

// buildPredict makes predict first's widgets.
func (u *UI) buildPredict() {
	p := &u.predict
	p.reveal = widget.NewButtonWithIcon(tr.T("Reveal (R)"), theme.VisibilityIcon(), u.reveal)
	p.reveal.Importance = widget.HighImportance
	p.reveal.Hide()
	p.check = widget.NewCheck(tr.T("Predict first (R reveals)"), func(on bool) {
		if on != u.predictFirst() {
			u.togglePredict()
		}
	})
	p.check.SetChecked(u.predictFirst())
	p.note = widget.NewLabel(tr.T("The bots' moves and the move values stay hidden until revealed, so that the class guesses first."))
	p.note.Wrapping = fyne.TextWrapWord
	p.item = fyne.NewMenuItem(tr.T("Predict first (R reveals)"), u.togglePredict)
	p.item.Checked = u.predictFirst()
	u.ctl.SetPredictFirst(u.predictFirst())
}

// actionSlot is the place of Move now, which Reveal takes while something
// is hidden.
func (u *UI) actionSlot() fyne.CanvasObject {
	return container.NewStack(u.moveNowBtn, u.predict.reveal)
}

// predictFirst reports whether predict first is on.
func (u *UI) predictFirst() bool { return u.prefs.p.BoolWithFallback(classroom.PredictFirst, false) }

// PredictFirst reports whether predict first is on (tests).
func (u *UI) PredictFirst() bool { return u.predictFirst() }

// togglePredict turns predict first on or off.
func (u *UI) togglePredict() {
	on := !u.predictFirst()
	u.prefs.p.SetBool(classroom.PredictFirst, on)
	u.predict.item.Checked = on
	if u.mainMenu != nil {
		u.mainMenu.Refresh()
	}
	u.predict.check.SetChecked(on)
	u.predict.revealed = ""
	u.ctl.SetPredictFirst(on)
	u.syncPredict() // the inspectors' trees ask "?" too
	if on {
		u.ctl.Tell(tr.T("Predict first: the bots' moves and the move values wait until you press R (Reveal)."))
	} else {
		u.ctl.Tell(tr.T("Predict first is off."))
	}
}

// valuesHidden reports whether the move values of the position shown wait
// for a reveal.
func (u *UI) valuesHidden() bool {
	return u.predictFirst() && u.analysis.on && u.predict.revealed != u.ctl.At(u.shownPly()).String()
}

// somethingHidden reports whether R has something to reveal.
func (u *UI) somethingHidden() bool { return u.ctl.Held() != nil || u.valuesHidden() }

// reveal shows what predict first hides: the bot's move held back first,
// else the move values of the position shown; and the lab's hidden
// comparison.
func (u *UI) reveal() {
	revealed := false
	if u.lab != nil {
		revealed = u.lab.Reveal()
	}
	switch {
	case u.ctl.Held() != nil:
		if err := u.ctl.Reveal(); err != nil {
			u.ctl.Tell(tr.F("Nothing to reveal: %v.", err))
		}
	case u.valuesHidden():
		u.predict.revealed = u.ctl.At(u.shownPly()).String()
		u.ctl.Tell(tr.T("The move values are revealed."))
	case !revealed:
		u.ctl.Tell(tr.T("Nothing is hidden."))
	}
}

// refreshPredict shows Reveal in Move now's place while something is
// hidden.
func (u *UI) refreshPredict() {
	hidden := u.somethingHidden()
	show(u.predict.reveal, hidden)
	show(u.moveNowBtn, !hidden)
}
