package cli

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"boardgames/app/gamefile"
)

// The misbehaving sh bots of package gtp's tests.
const botDir = "../../../ai/gtp/testdata/bots/"

func needSh(t *testing.T) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the test bots are sh scripts")
	}
}

func TestSplitOutside(t *testing.T) {
	got := nonEmpty(splitOutside(`greedy; gtp:"sh -c \"a;b\"",time=1s ;;random`, ';'))
	want := []string{"greedy", `gtp:"sh -c \"a;b\"",time=1s`, "random"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("splitOutside = %q, want %q", got, want)
	}
}

func TestArenaExternalForfeits(t *testing.T) {
	needSh(t)
	var a struct {
		P1 struct {
			Forfeits int            `json:"forfeits"`
			Faults   map[string]int `json:"faults"`
			Losses   int            `json:"losses"`
		} `json:"p1"`
		Records []struct {
			Forfeit string     `json:"forfeit"`
			Fault   string     `json:"fault"`
			Stderr  [][]string `json:"stderr"`
		} `json:"records"`
	}
	runJSON(t, &a, "arena", "-game", "connect4", "-p1", `gtp:"sh `+botDir+`exiter.sh",name=quitter`, "-p2", "random", "-games", "2", "-json")
	if a.P1.Forfeits != 2 || a.P1.Faults["crash"] != 2 || a.P1.Losses != 2 || len(a.Records) != 2 {
		t.Fatalf("%+v", a)
	}
	r := a.Records[0]
	if r.Forfeit != "p1" || !strings.Contains(r.Fault, "exit status 3") || len(r.Stderr) != 2 ||
		!strings.Contains(strings.Join(r.Stderr[0], "\n"), "bye: giving up") {
		t.Errorf("record %+v", r)
	}
	code, out, _ := run(t, "arena", "-game", "connect4", "-p1", `gtp:"sh `+botDir+`exiter.sh",name=quitter`, "-p2", "random", "-games", "2")
	if code != ExitOK || !strings.Contains(out, "p1 quitter forfeited 2 game(s): crash 2") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	code, _, errOut := run(t, "arena", "-game", "connect4", "-p1", `gtp:"/no/such/bot"`, "-p2", "random")
	if code != ExitUsage || !strings.Contains(errOut, "/no/such/bot") {
		t.Errorf("a missing program: exit %d, %q", code, errOut)
	}
}

// TestShardedTournamentMergeCLI: a 3-shard tournament, merged, prints the
// crosstable and standings of the unsharded run with the same seed.
func TestShardedTournamentMergeCLI(t *testing.T) {
	dir := t.TempDir()
	tour := "alphabeta:depth=2;greedy;random;paper003"
	common := []string{"arena", "-game", "connect4", "-tournament", tour, "-games", "4", "-openings", "2", "-seed", "11"}
	var whole, merged tournamentJSON
	runJSON(t, &whole, append(common, "-json")...)
	var files []string
	for _, k := range []string{"3", "1", "2"} {
		f := filepath.Join(dir, "part"+k+".json")
		code, _, errOut := run(t, append(common, "-shard", k+"/3", "-out", f)...)
		if code != ExitOK {
			t.Fatalf("shard %s: exit %d %s", k, code, errOut)
		}
		files = append(files, f)
	}
	runJSON(t, &merged, append([]string{"merge", "-json"}, files...)...)
	if !reflect.DeepEqual(merged.Crosstable, whole.Crosstable) || !reflect.DeepEqual(merged.Games, whole.Games) ||
		!reflect.DeepEqual(merged.Standings, whole.Standings) || !reflect.DeepEqual(merged.Bots, whole.Bots) {
		t.Errorf("merged:\n%+v\nwhole:\n%+v", merged, whole)
	}
	code, _, errOut := run(t, "merge", files[0], files[1])
	if code != ExitUsage || !strings.Contains(errOut, "shard 2/3 is missing") {
		t.Errorf("two of three shards: exit %d, %q", code, errOut)
	}
}

func TestGradeReport(t *testing.T) {
	needSh(t)
	dir := filepath.Join(t.TempDir(), "report")
	var g gradeJSON
	runJSON(t, &g, "grade", "-game", "connect4", "-bot", "sh "+botDir+"exiter.sh", "-opponents", "random;paper003",
		"-games", "2", "-o", dir, "-json")
	if len(g.Rows) != 2 || g.Rows[0].Opponent != "random" || g.Rows[1].Opponent != "paper003" || g.Total.Games != 4 ||
		g.Total.Forfeits != 4 || g.Total.Faults["crash"] != 4 || g.Total.Score != 0 || g.Total.ScoreHigh <= 0 {
		t.Fatalf("%+v", g)
	}
	md, err := os.ReadFile(filepath.Join(dir, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"# Grade: exiter.sh at Connect Four", "| paper003 | 2 | 0 | 0 | 2 |",
		"Faults (each loses its game): crash 4.", "bye: giving up after 2 moves", "## Forfeited games"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("report.md has no %q:\n%s", want, md)
		}
	}
	page, err := os.ReadFile(filepath.Join(dir, "report.html"))
	if err != nil || !strings.Contains(string(page), "<svg") || !strings.Contains(string(page), "paper003</text>") {
		t.Errorf("report.html: %v", err)
	}
	rows := readCSV(t, filepath.Join(dir, "results.csv"))
	if len(rows) != 4 || rows[0][0] != "opponent" || rows[3][0] != "all" || rows[3][15] != "4" {
		t.Errorf("results.csv: %q", rows)
	}
	games, _ := filepath.Glob(filepath.Join(dir, "games", "*.bgame"))
	if len(games) != 4 {
		t.Fatalf("%d saved games", len(games))
	}
	for _, name := range games {
		f, err := gamefile.Load(name)
		if err != nil {
			t.Errorf("%s does not load: %v", name, err)
			continue
		}
		text, _ := os.ReadFile(name)
		if !strings.Contains(string(text), "# Last lines of") || !strings.Contains(string(text), "forfeited: crash") || f.Record.Len() < 3 {
			t.Errorf("%s:\n%s", name, text)
		}
		// The forfeit is the game's result: the opponent wins, and the
		// move list written beside it says so too.
		loser, _ := f.Final().Winner()
		loser = loser.Other()
		if !f.Final().Over() || f.Ending.Kind != "forfeit" || f.Players[loser] != g.Spec ||
			!strings.HasPrefix(f.Ending.Reason, f.Game.PlayerName(loser)+" (gtp:") || !strings.Contains(f.Ending.Reason, "crash") {
			t.Errorf("%s: result %s, ending %+v, players %q", name, f.Final(), f.Ending, f.Players)
		}
		list, err := os.ReadFile(strings.TrimSuffix(name, ".bgame") + ".txt")
		if err != nil || !strings.Contains(string(list), "# Termination: forfeit: ") || !strings.Contains(string(list), f.Record.String()+"\n") {
			t.Errorf("the move list of %s: %v\n%s", name, err, list)
		}
	}
}

// TestGradeShardsMerge: a grading run cut in 3 shards and merged writes
// the report of the whole run.
func TestGradeShardsMerge(t *testing.T) {
	tmp := t.TempDir()
	common := []string{"grade", "-game", "othello", "-bot", "greedy", "-opponents", "random;paper004-greedy;Easy", "-games", "4", "-seed", "3"}
	code, _, errOut := run(t, append(common, "-o", filepath.Join(tmp, "whole"))...)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var files []string
	for _, k := range []string{"1", "2", "3"} {
		f := filepath.Join(tmp, "part"+k+".json")
		if code, _, errOut := run(t, append(common, "-shard", k+"/3", "-out", f)...); code != ExitOK {
			t.Fatalf("shard %s: exit %d %s", k, code, errOut)
		}
		files = append(files, f)
	}
	if code, _, errOut := run(t, append([]string{"merge", "-o", filepath.Join(tmp, "merged")}, files...)...); code != ExitOK {
		t.Fatalf("merge: exit %d %s", code, errOut)
	}
	whole, merged := readCSV(t, filepath.Join(tmp, "whole", "results.csv")), readCSV(t, filepath.Join(tmp, "merged", "results.csv"))
	for i := range whole {
		whole[i], merged[i] = whole[i][:13], merged[i][:13] // the times differ
	}
	if !reflect.DeepEqual(whole, merged) {
		t.Errorf("whole:\n%q\nmerged:\n%q", whole, merged)
	}
}

func readCSV(t *testing.T, name string) [][]string {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// compare and analyze take an external program like any bot.
func TestCompareAndAnalyzeExternal(t *testing.T) {
	needSh(t)
	var c struct {
		Results []struct {
			Algo string `json:"algo"`
			Bot  string `json:"bot"`
			Move string `json:"move"`
		} `json:"results"`
	}
	runJSON(t, &c, "compare", "-game", "connect4", "-algos", `greedy;gtp:"sh `+botDir+`forker.sh",time=2s`, "-json")
	if len(c.Results) != 2 || c.Results[1].Algo != "gtp" || c.Results[1].Move != "1" {
		t.Errorf("compare: %+v", c.Results)
	}
	var a infoJSON
	runJSON(t, &a, "analyze", "-game", "connect4", "-moves", "44", "-algo", `gtp:"sh `+botDir+`forker.sh"`, "-time", "2s", "-json")
	if a.Move != "1" || a.Bot != `gtp:"sh `+botDir+`forker.sh",time=2s` {
		t.Errorf("analyze: %+v", a)
	}
	code, _, errOut := run(t, "analyze", "-game", "connect4", "-algo", `gtp:"sh `+botDir+`exiter.sh"`, "-depth", "3")
	if code != ExitUsage || !strings.Contains(errOut, "-depth does not apply to an external program") {
		t.Errorf("analyze -depth: exit %d, %q", code, errOut)
	}
}

// Item 6 of issue 32: report.md shows what a bot wrote as text, never as
// Markdown or HTML: its standard error cannot close the code block it is
// shown in, and its name cannot add markup.
func TestGradeReportEscapesWhatBotsWrite(t *testing.T) {
	needSh(t)
	// The bot's folder holds what it sources: a sandboxed bot sees its
	// own folder and the system, not the repository's.
	folder := t.TempDir()
	src, err := os.ReadFile(botDir + "common.sh")
	if err != nil {
		t.Fatal(err)
	}
	common := filepath.Join(folder, "common.sh")
	if err := os.WriteFile(common, src, 0o600); err != nil {
		t.Fatal(err)
	}
	bot := filepath.Join(folder, "x<img src=y>.sh")
	// It writes to stderr at its first move, and crashes at its second.
	script := ". '" + common + "'\nmoves=0\ngenmove() {\n\tmoves=$((moves + 1))\n\tif [ \"$moves\" -gt 1 ]; then\n\t\texit 3\n\tfi\n" +
		"\tprintf '```\\n<img src=x onerror=alert(1)>\\n# not a heading\\n' >&2\n\tnext_column\n}\nserve\n"
	if err := os.WriteFile(bot, []byte(script), 0o700); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "report")
	if code, _, errOut := run(t, "grade", "-game", "connect4", "-bot", "sh '"+bot+"'", "-opponents", "random", "-games", "2", "-o", dir); code != ExitOK {
		t.Fatalf("grade: exit %d, %q", code, errOut)
	}
	b, err := os.ReadFile(filepath.Join(dir, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	md := string(b)
	const fenced = "\n````\n```\n<img src=x onerror=alert(1)>\n# not a heading\n````\n"
	if !strings.Contains(md, fenced) {
		t.Errorf("the bot's standard error is not in a fence it cannot close:\n%s", md)
	}
	// Outside the fences, no tag and no heading of the bot's.
	outside := strings.ReplaceAll(md, fenced, "")
	if strings.Contains(outside, "<img src=x") || strings.Contains(outside, "\n# not") {
		t.Errorf("markup of the bot's outside the fence:\n%s", outside)
	}
	if !strings.Contains(md, `x\<img src=y\>.sh`) {
		t.Errorf("the bot's name is not escaped:\n%s", md)
	}
}

// mdText escapes what Markdown or HTML would read as markup, and a line
// start that would open a block.
func TestMarkdownText(t *testing.T) {
	for in, want := range map[string]string{
		"paper003":                     "paper003",
		"<img src=x onerror=alert(1)>": `\<img src=x onerror=alert(1)\>`,
		"a|b *c* _d_ [e](f) `g`":       `a\|b \*c\* \_d\_ \[e\](f) \` + "`g\\`",
		"# heading":                    `\# heading`,
		"- item":                       `\- item`,
		"12. item":                     `12\. item`,
		"line\nbreak\x1b[31m":          `line break\\x1b\[31m`,
	} {
		if got := mdText(in); got != want {
			t.Errorf("mdText(%q) = %q, want %q", in, got, want)
		}
	}
	if got := mdCode("a ``b`` c"); got != "```a ``b`` c```" {
		t.Errorf("mdCode: %q", got)
	}
}
