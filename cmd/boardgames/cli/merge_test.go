package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMergeRefusesForgedShardFiles: merge refuses shard files that were
// edited (a winner, a move list, a final position, the shard's index, the
// run's seed) with a one-line reason and exit status 2, never an internal
// error.
func TestMergeRefusesForgedShardFiles(t *testing.T) {
	dir := t.TempDir()
	common := []string{"arena", "-game", "connect4", "-tournament", "greedy;random;alphabeta:depth=1", "-games", "2", "-openings", "1", "-seed", "4"}
	var files []string
	for _, k := range []string{"1", "2"} {
		f := filepath.Join(dir, "part"+k+".json")
		if code, _, errOut := run(t, append(common, "-shard", k+"/2", "-out", f)...); code != ExitOK {
			t.Fatalf("shard %s: exit %d %s", k, code, errOut)
		}
		files = append(files, f)
	}
	if code, _, errOut := run(t, append([]string{"merge"}, files...)...); code != ExitOK {
		t.Fatalf("the real shards: exit %d %s", code, errOut)
	}
	var shard map[string]any
	text, err := os.ReadFile(files[1])
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(text, &shard); err != nil {
		t.Fatal(err)
	}
	if h, _ := shard["Hash"].(string); len(h) != 64 {
		t.Fatalf("the shard file has no run hash: %q", shard["Hash"])
	}
	game := func(s map[string]any) map[string]any { return s["Games"].([]any)[0].(map[string]any) }
	for _, tc := range []struct {
		name, want string
		forge      func(s map[string]any)
	}{
		{"winner", "its Winner says", func(s map[string]any) {
			g := game(s)
			g["Winner"] = map[string]string{"p1": "p2", "p2": "p1", "draw": "p1"}[g["Winner"].(string)]
		}},
		{"illegal move", "its moves do not replay", func(s map[string]any) { game(s)["Moves"] = "1111111" }},
		{"final position", "its Final says", func(s map[string]any) {
			g := game(s)
			g["Final"] = strings.Replace(g["Final"].(string), "-", "X", 1)
		}},
		{"K > N", "is shard 5 of 2", func(s map[string]any) { s["Shard"] = map[string]int{"K": 5, "N": 2} }},
		{"N = 0", "is shard 2 of 0", func(s map[string]any) { s["Shard"] = map[string]int{"K": 2, "N": 0} }},
		{"seed", "do not give its hash", func(s map[string]any) { s["Run"].(map[string]any)["Seed"] = 5 }},
	} {
		var s map[string]any
		if err := json.Unmarshal(text, &s); err != nil {
			t.Fatal(err)
		}
		tc.forge(s)
		forged, _ := json.Marshal(s)
		name := filepath.Join(dir, "forged.json")
		if err := os.WriteFile(name, forged, 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errOut := run(t, "merge", files[0], name)
		if code != ExitUsage || !strings.Contains(errOut, tc.want) || !strings.Contains(errOut, "forged.json") ||
			strings.Contains(errOut, "internal error") || strings.Count(strings.TrimSpace(errOut), "\n") > 0 || out != "" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 2 and %q", tc.name, code, out, errOut, tc.want)
		}
	}
	if code, _, errOut := run(t, "merge", files[0], files[0]); code != ExitUsage || !strings.Contains(errOut, "given twice") {
		t.Errorf("a shard twice: exit %d, %q", code, errOut)
	}
}
