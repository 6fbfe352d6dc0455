package inspector

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"boardgames/ai/textbook"
)

// A click on MIN/MAX or Negamax gives the keyboard back to the inspector,
// so that the clicker's Right steps on; the keys it does not step with go
// to OnKey and OnRune.
func TestControlsGiveTheKeysBack(t *testing.T) {
	test.NewTempApp(t)
	in := New()
	w := test.NewWindow(in)
	defer w.Close()
	w.Resize(fyne.NewSize(1000, 640))
	in.SetTrace(rnTrace(t, textbook.AlphaBeta), nil, "")
	c := w.Canvas()
	if c.Focused() != in {
		t.Fatalf("after a search the keyboard is with %T", c.Focused())
	}
	var items []fyne.Tappable
	for _, o := range test.WidgetRenderer(in.view).Objects() {
		if tp, ok := o.(fyne.Tappable); ok {
			items = append(items, tp)
		}
	}
	if len(items) != 2 {
		t.Fatalf("%d choices in the view", len(items))
	}
	neg := in.Negamax()
	test.Tap(items[1]) // Negamax
	if in.Negamax() == neg {
		t.Fatal("the tap did not switch the view")
	}
	if c.Focused() != in {
		t.Fatalf("after a click on the view the keyboard is with %T", c.Focused())
	}
	in.First()
	c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyRight})
	if in.Step() != 1 {
		t.Fatalf("Right after the click: step %d", in.Step())
	}
	var keys []fyne.KeyName
	var runes []rune
	in.OnKey = func(ev *fyne.KeyEvent) { keys = append(keys, ev.Name) }
	in.OnRune = func(r rune) { runes = append(runes, r) }
	for _, k := range []fyne.KeyName{fyne.KeyF5, fyne.KeyEscape, fyne.KeyPageDown} {
		c.Focused().TypedKey(&fyne.KeyEvent{Name: k})
	}
	c.Focused().TypedRune('b')
	c.Focused().TypedRune(' ')
	if len(keys) != 2 || keys[0] != fyne.KeyF5 || keys[1] != fyne.KeyEscape || string(runes) != "b" || in.Step() != 3 {
		t.Fatalf("handed on keys %v and runes %q; step %d (want F5, Escape, \"b\"; 3)", keys, string(runes), in.Step())
	}
}
