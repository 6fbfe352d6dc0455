//go:build js

package eval

import "testing"

// The browser build leaves the Othello pattern weights out: there the
// pattern evaluation is not offered, and asking for it is a clear error,
// not a panic over missing weights.
func TestBrowserHasNoPatterns(t *testing.T) {
	if Help("othello", "pattern") != "" {
		t.Error("the pattern evaluation is offered without its weights")
	}
	if _, err := Othello("pattern"); err == nil {
		t.Error("Othello(\"pattern\") gave an evaluation without weights")
	}
	if _, err := Othello("strong"); err != nil {
		t.Error(err)
	}
}
