package lab

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardgames/ai/bots"
	"boardgames/app/internal/tr"
)

// inLanguage makes l the language of the words for the rest of the test.
func inLanguage(t *testing.T, l string) {
	t.Helper()
	if _, err := tr.Use(l); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tr.Use(tr.English) })
}

// englishOnly returns patterns of the English texts that Indonesian
// words differently (a text the same in both languages, such as "Arena",
// is left out): a text drawn in Indonesian that matches one is English
// left untranslated.
func englishOnly(t *testing.T) []*regexp.Regexp {
	t.Helper()
	read := func(path string) map[string]any {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	en, id := read("../../assets/lang/en.json"), read("../../assets/lang/id.json")
	forms := func(v any) []string {
		switch v := v.(type) {
		case string:
			return []string{v}
		case map[string]any:
			var out []string
			for _, f := range v {
				out = append(out, f.(string))
			}
			return out
		}
		return nil
	}
	verb := regexp.MustCompile(`%(\[\d+\])?[-+# 0-9.]*[a-zA-Z%]`)
	word := regexp.MustCompile(`[A-Za-z]{3}`)
	var out []*regexp.Regexp
	for k, v := range en {
		idForms := strings.Join(forms(id[k]), "\x00")
		for _, f := range forms(v) {
			if strings.Contains(idForms, f) || !word.MatchString(verb.ReplaceAllString(f, "")) {
				continue // the same in Indonesian, or no word to tell (a unit: "%sk")
			}
			var b strings.Builder
			b.WriteString("^")
			last := 0
			for _, m := range verb.FindAllStringIndex(f, -1) {
				b.WriteString(regexp.QuoteMeta(f[last:m[0]]))
				if f[m[0]:m[1]] == "%%" {
					b.WriteString("%")
				} else {
					b.WriteString("(.*?)")
				}
				last = m[1]
			}
			b.WriteString(regexp.QuoteMeta(f[last:]) + "$")
			out = append(out, regexp.MustCompile(b.String()))
		}
	}
	return out
}

// leaks reports the texts drawn inside o, line by line, that are English
// (once each: seen holds those reported). A bot's spec ("random",
// "alphabeta:depth=3"), which tables and summaries show as the bot's
// name, is code and reads the same in every language.
func leaks(t *testing.T, where string, o fyne.CanvasObject, english []*regexp.Regexp, seen map[string]bool) {
	t.Helper()
	for _, s := range shown(o) {
		for _, line := range strings.Split(s, "\n") {
			if _, err := bots.ParseSpec(line); err == nil {
				continue // a bot's spec is code, the same in every language
			}
			if re := matchAny(line, english); line != "" && re != "" && !seen[line] {
				seen[line] = true
				t.Errorf("%s: %q is English (%s)", where, line, re)
			}
		}
	}
}

// shown returns the texts drawn inside o but in text entries, which hold
// what the user types (bot specs, which are code: "alphabeta:depth=3").
func shown(o fyne.CanvasObject) []string {
	switch o.(type) {
	case *widget.Entry, *widget.SelectEntry:
		return nil
	}
	var out []string
	switch x := o.(type) {
	case *widget.Label:
		out = append(out, x.Text)
	case *canvas.Text:
		out = append(out, x.Text)
	case *widget.Button:
		out = append(out, x.Text)
	case *widget.Check:
		out = append(out, x.Text)
	case *fyne.Container:
		for _, c := range x.Objects {
			out = append(out, shown(c)...)
		}
	}
	if w, ok := o.(fyne.Widget); ok {
		for _, c := range test.WidgetRenderer(w).Objects() {
			out = append(out, shown(c)...)
		}
	}
	return out
}

// eachTab selects every tab of tabs in turn and calls f.
func eachTab(tabs *container.AppTabs, f func(name string)) {
	for i, it := range tabs.Items {
		tabs.SelectIndex(i)
		f(it.Text)
	}
	tabs.SelectIndex(0)
}

// TestIndonesian runs every screen of the lab in Indonesian and reads every
// text it draws: none is English, numbers have the decimal comma, and the
// experiments' tables (package ai/lab) are in Indonesian too.
func TestIndonesian(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every screen")
	}
	inLanguage(t, tr.Indonesian)
	english := englishOnly(t)
	seen := map[string]bool{}
	f := newFixture(t, "othello", "f5d6")
	leaks(t, "before any run", f.l.Content(), english, seen)
	var tabs []string
	eachTab(f.l.tabs, func(name string) { tabs = append(tabs, name) })
	if got := strings.Join(tabs, " "); got != "Bandingkan Arena Turnamen Eksperimen Jejak Pemeriksa" {
		t.Errorf("tabs %q", got)
	}
	if !strings.HasPrefix(f.l.Header(), "Posisi: Othello setelah 2 langkah, giliran Hitam") {
		t.Errorf("header %q", f.l.Header())
	}

	c := f.l.compare
	c.algos.setIDs([]string{"minimax", "alphabeta+ordering", "mcts", "greedy"})
	c.depth.e.SetText("2")
	f.runTask(c.task)
	for _, want := range []string{"algoritma", "skor (poin)", "persentase menang", "keuntungan langsung (keping)", "simpul relatif terhadap Minimax"} {
		if col(t, c.table, want) < 0 {
			t.Errorf("compare header %q lacks %q", c.table.header, want)
		}
	}
	if r := c.table.rows[1][0]; r != "Alpha-beta, terurut" {
		t.Errorf("compare row %q", r)
	}
	if rate := c.table.rows[2][col(t, c.table, "persentase menang")]; !regexp.MustCompile(`^\d+,\d%$`).MatchString(rate) {
		t.Errorf("win rate %q without a decimal comma", rate)
	}

	f.l.tabs.SelectIndex(1)
	a := f.l.arena
	a.p1.text.SetText("alphabeta:depth=1")
	a.p2.text.SetText("random")
	a.games.e.SetText("2")
	f.runTask(a.task)
	if !strings.Contains(a.summary.Text, "P1 alphabeta:depth=1 melawan P2 random, 2 permainan, Othello dari awal: P1 menang") {
		t.Errorf("arena summary %q", a.summary.Text)
	}
	if !strings.Contains(a.task.status.Text, "2 permainan dimainkan.") || !strings.Contains(a.task.status.Text, " dtk.") {
		t.Errorf("arena status %q", a.task.status.Text)
	}
	if p := a.games_.rows[0][1]; p != "Hitam" && p != "Putih" {
		t.Errorf("P1 plays %q", p)
	}

	f.l.tabs.SelectIndex(2)
	to := f.l.tournament
	to.list.SetText("random\ngreedy")
	to.games.e.SetText("2")
	f.runTask(to.task)
	to.list.SetText("random")
	if !strings.Contains(to.msg.Text, "Round robin memerlukan paling sedikit 2 bot; baru 1 yang terdaftar.") {
		t.Errorf("tournament message %q", to.msg.Text)
	}
	to.list.SetText("random\ngreedy")

	f.l.tabs.SelectIndex(3)
	e := f.l.experiment
	e.list.Select(3) // paper 003, Connect Four: a quick run takes a second
	f.runTask(e.task)
	if !strings.HasPrefix(e.title.Text, "Makalah 003: Connect Four") || !strings.Contains(e.title.Text, "(jalan cepat)") {
		t.Errorf("experiment title %q", e.title.Text)
	}
	if got := e.table.header[0]; got != "lawan" {
		t.Errorf("experiment columns %q", e.table.header)
	}
	agree := map[string]bool{}
	for _, r := range e.paper.rows {
		agree[r[3]] = true
	}
	if !agree["sesuai"] || agree["agrees"] {
		t.Errorf("verdicts %v", agree)
	}

	f.l.tabs.SelectIndex(4)
	f.runTask(f.l.traces.task)
	if !strings.HasPrefix(f.l.traces.summary.Text, "Simulated annealing (annealing:seed=1) pada Othello setelah 2 langkah") {
		t.Errorf("traces summary %q", f.l.traces.summary.Text)
	}

	f.l.tabs.SelectIndex(5)
	in := f.l.inspect
	in.depth.SetSelected("2")
	f.runTask(in.task)
	in.in.SetStep(3)

	// Everything drawn, tab by tab (and the tabs within tabs).
	eachTab(f.l.tabs, func(name string) {
		leaks(t, name, f.l.Content(), english, seen)
		for _, sub := range []*container.AppTabs{f.l.arena.below, f.l.experiment.below} {
			eachTab(sub, func(string) { leaks(t, name, f.l.Content(), english, seen) })
		}
	})
	for _, it := range a.save.menu().Items {
		if matchAny(it.Label, english) != "" {
			t.Errorf("save menu %q is English", it.Label)
		}
	}
}

// matchAny returns the pattern s matches, "" for none.
func matchAny(s string, res []*regexp.Regexp) string {
	for _, re := range res {
		if re.MatchString(s) {
			return re.String()
		}
	}
	return ""
}

// TestSidePanelsFit: every screen's controls fit its side panel as
// designed, in both languages, at 100 % and at 175 %: Indonesian words are
// longer, and a panel wider than its design takes room from the results,
// or scrolls sideways when the lab is docked beside the board.
func TestSidePanelsFit(t *testing.T) {
	for _, l := range tr.Languages {
		for _, th := range themes {
			t.Run(l+" "+th.name, func(t *testing.T) {
				inLanguage(t, l)
				f := newFixtureIn(t, th.th, "othello", "f5d6")
				eachTab(f.l.tabs, func(name string) {
					var side *sideLayout
					walk(f.l.tabs.Selected().Content, func(o fyne.CanvasObject) {
						if c, ok := o.(*fyne.Container); ok && side == nil {
							side, _ = c.Layout.(*sideLayout)
						}
					})
					if side == nil {
						t.Fatalf("%s: no side panel", name)
					}
					need := side.controls.MinSize().Width + theme.ScrollBarSize()
					if design := side.width * textScale(); need > design+0.5 {
						t.Errorf("%s: the controls need %.0f pixels, the panel is designed for %.0f", name, need, design)
						for _, s := range texts(side.controls) {
							if w := fyne.MeasureText(s, theme.TextSize(), fyne.TextStyle{}).Width; w > design/2 && !strings.Contains(s, " ") {
								t.Logf("  %q", s)
							}
						}
					}
				})
			})
		}
	}
}

// TestExperimentTitlesFit: each experiment's row in the list is as tall as
// its title wraps to, in both languages and at both text sizes, so that no
// title is cut or drawn over the next.
func TestExperimentTitlesFit(t *testing.T) {
	for _, l := range tr.Languages {
		for _, th := range themes {
			t.Run(l+" "+th.name, func(t *testing.T) {
				inLanguage(t, l)
				f := newFixtureIn(t, th.th, "othello", "")
				f.l.tabs.SelectIndex(3)
				e := f.l.experiment
				titles := 0
				walk(e.list, func(o fyne.CanvasObject) {
					lb, ok := o.(*widget.Label)
					if !ok || !lb.Visible() || lb.Wrapping != fyne.TextWrapWord || lb.Text == "" {
						return
					}
					titles++
					if need := lb.MinSize().Height; need > lb.Size().Height+0.5 {
						t.Errorf("%q needs %.0f pixels, its row gives %.0f", lb.Text, need, lb.Size().Height)
					}
				})
				if titles == 0 {
					t.Fatal("no title drawn")
				}
			})
		}
	}
}
