// Package classroom holds the class settings that several parts of the
// window read: the main window (package app) sets them, the lab's screens
// and the inspector follow them.
//
// Predict first (preference key PredictFirst): the bots' chosen moves and
// the move values stay hidden until the teacher reveals them (key R, or a
// Reveal button), so that the students guess first — in play, in the lab's
// Compare and in the Inspector.
package classroom

import "fyne.io/fyne/v2"

// PredictFirst is the preference key of predict first (bool, off by
// default).
const PredictFirst = "predictFirst"

// PredictFirstOn reports whether predict first is on in the running app's
// preferences (false without an app).
func PredictFirstOn() bool {
	a := fyne.CurrentApp()
	if a == nil {
		return false
	}
	return a.Preferences().BoolWithFallback(PredictFirst, false)
}
