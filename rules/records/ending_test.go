package records

import (
	"os"
	"strings"
	"testing"

	"boardgames/rules"
)

func TestParseEnding(t *testing.T) {
	for _, c := range []struct {
		text string
		want Ending
	}{
		{"", Ending{}},
		{"normal", Ending{Kind: Normal}},
		{"Resignation", Ending{Kind: Resignation}},
		{"forfeit: White's program crashed: exit status 2", Ending{Forfeit, "White's program crashed: exit status 2"}},
		{"time forfeit:  no move in 2s", Ending{TimeForfeit, "no move in 2s"}},
		{"agreed draw", Ending{Kind: AgreedDraw}},
		{"adjudication: 1000 plies", Ending{Adjudication, "1000 plies"}},
		{"rules infraction", Ending{Kind: "rules infraction"}},
	} {
		got := ParseEnding(c.text)
		if got != c.want {
			t.Errorf("ParseEnding(%q) = %+v, want %+v", c.text, got, c.want)
		}
		if again := ParseEnding(got.String()); again != got {
			t.Errorf("%q: written %q, read back %+v", c.text, got.String(), again)
		}
	}
	if s := (Ending{Forfeit, "a\nb"}).String(); s != "forfeit: a b" {
		t.Errorf("a reason on two lines is written %q", s)
	}
}

// A GGF file's RE suffixes are the games' endings, and survive a round
// trip with the tags and results.
func TestGGFEndings(t *testing.T) {
	data, err := os.ReadFile("testdata/club.ggf")
	if err != nil {
		t.Fatal(err)
	}
	g := mustGame(t, "othello")
	gs := mustRead(t, GGF, string(data), g)
	if len(gs) != 4 {
		t.Fatalf("%d games, want 4", len(gs))
	}
	want := []struct {
		res    rules.Result
		ending Ending
	}{
		{rules.BlackWins, Ending{}},
		{rules.WhiteWins, Ending{Kind: Resignation}},
		{gs[2].Record.Result(), Ending{}},
		{rules.BlackWins, Ending{Kind: TimeForfeit}},
	}
	for i, w := range want {
		if gs[i].Final() != w.res || gs[i].Ending != w.ending {
			t.Errorf("game %d: %s, %+v; want %s, %+v", i+1, gs[i].Final(), gs[i].Ending, w.res, w.ending)
		}
	}
	if gs[1].Record.Result().Over() || gs[1].Tag("PB") != "budi" || gs[1].Tag("DT") != "2026.11.20_19:40:57.UTC" {
		t.Errorf("game 2: moves' result %s, tags %v", gs[1].Record.Result(), gs[1].Tags)
	}
	// A forfeit with its reason goes into TE, a resignation into :r alone.
	gs[2].Result, gs[2].Ending = rules.WhiteWins, Ending{Forfeit, "Black's program made an illegal move [a1]"}
	gs[2].Record.Undo()
	text := write(t, GGF, gs)
	if !strings.Contains(text, "RE[-12.00:r]BO") || !strings.Contains(text, "RE[-1.00:r]TE[forfeit: Black's program made an illegal move [a1)]") {
		t.Errorf("the endings are written:\n%s", text)
	}
	gs[2].Ending.Reason = "Black's program made an illegal move [a1)"
	roundTrip(t, GGF, gs, g)
}

// PDN keeps an ending in its Termination tag; a forfeit's Result is the
// winner's.
func TestPDNEndings(t *testing.T) {
	data, err := os.ReadFile("testdata/club.pdn")
	if err != nil {
		t.Fatal(err)
	}
	g := mustGame(t, "checkers")
	gs := mustRead(t, PDN, string(data), g)
	gs[2].Result, gs[2].Ending = rules.BlackWins, Ending{Forfeit, `White's program (gtp:"python3 bot.py") made an illegal move: 9-14`}
	gs[0].Ending = Ending{Kind: Resignation}
	text := write(t, PDN, gs)
	for _, want := range []string{
		"[Result \"1-0\"]\n[Termination \"forfeit: White's program (gtp:\\\"python3 bot.py\\\") made an illegal move: 9-14\"]\n",
		"[Event \"Club night\"]\n[Site \"Bandung\"]", "[Termination \"resignation\"]",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in\n%s", want, text)
		}
	}
	back := mustRead(t, PDN, text, g)
	if back[2].Final() != rules.BlackWins || back[2].Ending != gs[2].Ending || back[0].Tag("Black") != "Sari" {
		t.Errorf("read back: %s %+v %v", back[2].Final(), back[2].Ending, back[0].Tags)
	}
	roundTrip(t, PDN, gs, g)
}
