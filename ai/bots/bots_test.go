package bots

import (
	"context"
	"slices"
	"strings"
	"testing"

	"boardgames/ai"
	"boardgames/rules/games"
)

func TestParseSpecRoundTrip(t *testing.T) {
	for _, text := range []string{
		"greedy",
		"random:seed=7",
		"alphabeta:depth=4,eval=positional,order=true",
		"negascout:depth=6,time=1.5s",
		"engine:time=500ms,tt=32,threads=2",
		"engine:depth=9,probcut=off",
		"engine:time=1s,eval=pattern,probcut=1.5",
		"engine:time=100ms,eval=tuned,probcut=strong",
		"mcts:iterations=5000,time=2s,c=0.7,playout=greedy,seed=3",
		"annealing:depth=1,iterations=300,t0=50,t1=0.5,cooling=0.98",
		"genetic:depth=3,population=20,generations=10,mutation=0.2",
	} {
		s, err := ParseSpec(text)
		if err != nil {
			t.Errorf("ParseSpec(%q): %v", text, err)
			continue
		}
		if s.String() != text {
			t.Errorf("ParseSpec(%q).String() = %q", text, s.String())
		}
	}
	s, err := ParseSpec(" AlphaBeta : Depth = 3 ")
	if err != nil || s.Algo != "alphabeta" || s.Params.Depth != 3 {
		t.Errorf("spaces and case: %+v %v", s, err)
	}
}

func TestParseSpecErrors(t *testing.T) {
	for text, want := range map[string]string{
		"":                      "unknown algorithm",
		"chess":                 "unknown algorithm",
		"minimax:iterations=5":  "takes no parameter",
		"alphabeta:depth":       "name=value",
		"alphabeta:depth=x":     "not an integer",
		"negascout:time=soon":   "duration",
		"alphabeta:order=maybe": "true or false",
		"mcts:c=wide":           "not a number",
		"random:seed=-1":        "non-negative",
		"alphabeta:depth=-2":    "depth",
		"mcts:playout=clever":   "playout",
		"annealing:cooling=1.5": "cooling",
		"genetic:population=-4": "population",
		"engine:tt=100000":      "",
		"engine:probcut=0":      "probcut",
		"engine:probcut=-1":     "probcut",
		"engine:probcut=11":     "probcut",
		"engine:probcut=never":  "probcut",
		"engine:probcut=discs":  "probcut",
		"alphabeta:probcut=1":   "takes no parameter",
	} {
		_, err := ParseSpec(text)
		if err == nil {
			t.Errorf("ParseSpec(%q) accepted", text)
			continue
		}
		if want != "" && !strings.Contains(strings.ToLower(err.Error()), want) {
			t.Errorf("ParseSpec(%q): %v; want it to mention %q", text, err, want)
		}
	}
}

func TestParamsFor(t *testing.T) {
	for _, algo := range ai.Algorithms { // the generic searches all take some
		if len(ParamsFor(algo)) == 0 {
			t.Errorf("%s lists no parameters", algo)
		}
	}
	for _, a := range Algorithms("") {
		if a.Help == "" {
			t.Errorf("%s has no help", a.Name)
		}
	}
	if ParamsFor("chess") != nil {
		t.Error("an unknown algorithm has parameters")
	}
}

// Every preset of every game returns a legal move through Think, and so
// does every algorithm with small settings.
func TestThinkEveryGame(t *testing.T) {
	ctx := context.Background()
	for _, g := range games.All {
		rec, err := g.ParseMoves(nil, g.MovesExample, games.Settings{})
		if err != nil {
			t.Fatal(err)
		}
		pos := rec.Position()
		if len(Evals(g.Name)) == 0 {
			t.Errorf("%s: no evaluations", g.Name)
		}
		specs := []Spec{Preset(g.Name, Easy), Preset(g.Name, Medium)}
		for _, text := range []string{"random:seed=1", "greedy:seed=1", "minimax:depth=2", "alphabeta:depth=3,order=true",
			"negascout:depth=3", "engine:depth=3", "mcts:iterations=200,seed=1", "annealing:iterations=50,seed=1",
			"genetic:population=8,generations=3,seed=1"} {
			s, err := ParseSpec(text)
			if err != nil {
				t.Fatal(err)
			}
			specs = append(specs, s)
		}
		for _, s := range specs {
			info, err := Think(ctx, pos, s)
			if err != nil {
				t.Errorf("%s %s: %v", g.Name, s, err)
				continue
			}
			legal := false
			for _, m := range pos.Legal() {
				legal = legal || m == info.Move
			}
			if !legal {
				t.Errorf("%s %s: illegal move %d", g.Name, s, info.Move)
			}
		}
		for _, ev := range Evals(g.Name) {
			if _, err := Think(ctx, pos, Spec{Algo: "alphabeta", Eval: ev, Params: ai.Params{Depth: 1}}); err != nil {
				t.Errorf("%s eval %s: %v", g.Name, ev, err)
			}
		}
		if _, err := Think(ctx, pos, Spec{Algo: "alphabeta", Eval: "nonsense", Params: ai.Params{Depth: 1}}); err == nil {
			t.Errorf("%s: unknown evaluation accepted", g.Name)
		}
	}
}

func TestHardPresetAndHintObeyTheContext(t *testing.T) {
	g, _ := games.Lookup("othello")
	pos, _ := g.Start(games.Settings{})
	// A context cancelled before the hint starts: the engine answers from
	// its first iteration (it looks at the context only from the second on)
	// instead of thinking for HintTime.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	info, err := Hint(ctx, pos)
	if err != nil {
		t.Fatal(err)
	}
	if info.Depth != 1 {
		t.Errorf("hint searched to depth %d after its context was cancelled, want 1", info.Depth)
	}
	if pos.MoveString(info.Move) == "" {
		t.Error("no hint move")
	}
	if h := Preset("othello", Hard); h.Algo != "engine" || h.Params.Time <= 0 || h.Eval != "pattern" {
		t.Errorf("hard preset %+v", h)
	}
}

// Near the end the hint is the solver's exact answer, in plies to the win.
func TestHintSolvesConnect4(t *testing.T) {
	g, _ := games.Lookup("connect4")
	// Pons' Test_L3_R1, line 2: 34 stones played, 17 each; the first
	// player, to move, wins with score 1.
	rec, err := g.ParseMoves(nil, "7422341735647741166133573473242566", games.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	info, err := Hint(context.Background(), rec.Position())
	if err != nil {
		t.Fatal(err)
	}
	// 34 stones played, 17 each; score 1 = a win with stone 21: 4 more own
	// stones, so 7 plies.
	if !info.Exact || info.Algo != "solver" || info.Score != ai.WinScore-7 {
		t.Errorf("hint %+v, want an exact win in 7 plies", info)
	}
	if got := connect4Score(34, 1); got != ai.WinScore-7 {
		t.Errorf("connect4Score(34, 1) = %d", got)
	}
	// A loss with the opponent's 20th stone, 33 played (16 own, 17 theirs): 6 plies.
	if got := connect4Score(33, -2); got != -(ai.WinScore - 6) {
		t.Errorf("connect4Score(33, -2) = %d", got)
	}
}

func TestHintSolvesOthelloEndgame(t *testing.T) {
	g, _ := games.Lookup("othello")
	// FFO #1 has 14 empties; its best move g8 scores +18 for Black.
	pos, err := g.Parse("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X", games.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	info, err := Hint(context.Background(), pos)
	if err != nil {
		t.Fatal(err)
	}
	if !info.Exact || info.Score != 18 || pos.MoveString(info.Move) != "g8" {
		t.Errorf("hint %s %+d exact %v, want g8 +18 exact", pos.MoveString(info.Move), info.Score, info.Exact)
	}
}

// The papers' bots are algorithms like the others: in specs, with only
// the parameters their papers leave open, and on their own game only.
func TestPaperBots(t *testing.T) {
	for _, text := range []string{"paper000", "paper001-negascout:depth=8", "paper002-genetic:seed=3",
		"paper003:seed=9", "paper004-alphabeta:depth=9", "paper004-greedy:seed=2",
		"paper001-negascout:depth=4,eval=pieces,variant=pvs", "paper002-minimax:variant=left+nodebreak",
		"paper002-genetic-intended:seed=1", "paper004-alphabeta:depth=3,variant=code", "paper004-greedy:variant=winsfirst",
		"paper002-minimax:variant=fullboard,limit=java", "paper002-minimax:limit=2s", "paper002-annealing:seed=4,variant=adjacent"} {
		s, err := ParseSpec(text)
		if err != nil || s.String() != text {
			t.Errorf("ParseSpec(%q) = %v, %v", text, s, err)
		}
	}
	for text, want := range map[string]string{
		"paper000:depth=3":            "takes no parameter",
		"paper003:eval=threats":       "takes no parameter",
		"paper001-alphabeta:eval=x":   "unknown evaluation",
		"paper002-minimax:variant=up": "unknown variant",
		"paper003:variant=pvs":        "takes no parameter",
		"paper004-alphabeta:depth=0":  "", // 0 is the default: accepted
		"paper001-alphabeta:depth=40": "outside",
		"paper002-minimax:limit=fast": "neither a duration",
		"paper002-minimax:limit=-1s":  "neither a duration",
		"paper002-annealing:limit=1s": "takes no parameter",
	} {
		_, err := ParseSpec(text)
		if want == "" {
			if err != nil {
				t.Errorf("ParseSpec(%q): %v", text, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseSpec(%q): %v, want %q", text, err, want)
		}
	}
	othelloNames := Names("othello")
	for _, name := range []string{"paper000", "paper004-greedy", "paper004-alphabeta"} {
		if !slices.Contains(othelloNames, name) {
			t.Errorf("%s is not offered for othello: %v", name, othelloNames)
		}
	}
	if slices.Contains(othelloNames, "paper003") || slices.Contains(Names("checkers"), "paper002-minimax") {
		t.Error("a paper's bot is offered for another game")
	}
	g, _ := games.Lookup("othello")
	pos, _ := g.Start(games.Settings{})
	if _, err := Think(context.Background(), pos, Spec{Algo: "paper003"}); err == nil || !strings.Contains(err.Error(), "plays connect4 only") {
		t.Errorf("paper003 on othello: %v", err)
	}
	info, err := Think(context.Background(), pos, Spec{Algo: "paper000"})
	if err != nil || info.Algo != "paper000" || info.Depth != 4 {
		t.Errorf("paper000: %+v, %v", info, err)
	}
}

func TestPaperPresets(t *testing.T) {
	var labels []string
	for _, p := range PaperPresets("othello") {
		labels = append(labels, p.Label+"="+p.Spec.String())
	}
	want := "Paper 000=paper000 Paper 004 greedy=paper004-greedy Paper 004 alpha-beta=paper004-alphabeta"
	if got := strings.Join(labels, " "); got != want {
		t.Errorf("othello presets %q, want %q", got, want)
	}
	for _, g := range games.All {
		for _, p := range PaperPresets(g.Name) {
			if err := p.Spec.Validate(g.Name); err != nil {
				t.Errorf("%s: preset %s: %v", g.Name, p.Label, err)
			}
		}
	}
	if len(PaperPresets("checkers")) != 2 || len(PaperPresets("adjacency")) != 4 || len(PaperPresets("connect4")) != 1 {
		t.Error("every paper's bot is a preset of its game")
	}
}
