package tr

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"github.com/go-text/typesetting/font"
)

// lacking are the characters of the app's texts that the fonts Fyne
// embeds (Noto Sans) do not have. The desktop draws them with a system
// font; the browser, which has none to offer, draws a replacement mark.
// Fyne's colour emoji font (left out of the browser build by the no_emoji
// tag) has none of them either, so no_emoji loses nothing.
var lacking = []rune("←→↻≤≥")

// Every character of the texts is drawn by the embedded fonts, but the
// few of lacking; none is an emoji (so the browser build can leave out
// the emoji font).
func TestGlyphs(t *testing.T) {
	runes := map[rune]bool{}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			for _, r := range v {
				runes[r] = true
			}
		case map[string]any:
			for k, x := range v {
				walk(k)
				walk(x)
			}
		}
	}
	for _, name := range []string{"en.json", "id.json"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "..", "assets", "lang", name))
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatal(err)
		}
		walk(m)
	}
	var faces []*font.Face
	for _, r := range []fyne.Resource{theme.DefaultTextFont(), theme.DefaultTextBoldFont()} {
		f, err := font.ParseTTF(bytes.NewReader(r.Content()))
		if err != nil {
			t.Fatal(err)
		}
		faces = append(faces, f)
	}
	var missing []rune
	for r := range runes {
		if r >= 0x1f000 || r == 0xfe0f {
			t.Errorf("%U %c is an emoji: the browser build has no emoji font", r, r)
		}
		for _, f := range faces {
			if _, ok := f.NominalGlyph(r); !ok && r >= ' ' {
				missing = append(missing, r)
				break
			}
		}
	}
	slices.Sort(missing)
	want := slices.Clone(lacking)
	slices.Sort(want)
	if !slices.Equal(missing, want) {
		t.Errorf("characters the embedded fonts lack: %q, listed: %q (update lacking, or the texts)", string(missing), string(want))
	}
}
