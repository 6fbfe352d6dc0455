package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// fakeSbatch is a stand-in for sbatch that runs a batch script at once:
// an array job's tasks one after the other, each with its
// SLURM_ARRAY_TASK_ID, and prints a job id as sbatch --parsable does. It
// logs its arguments to LOG, and a module command that loads nothing.
// (scripts/slurm-test runs a real Slurm.)
const fakeSbatch = `#!/bin/bash
module() { echo "module $*"; }
export -f module
echo "$@" >> "$FAKE_SBATCH_LOG"
for a; do script=$a; done
n=$(sed -n 's/^#SBATCH --array=1-\([0-9]*\)$/\1/p' "$script")
if [ -n "$n" ]; then
  for k in $(seq 1 "$n"); do SLURM_ARRAY_TASK_ID=$k bash "$script" >> "$FAKE_SBATCH_LOG" 2>&1 || exit 1; done
  echo "41;cluster"
else
  bash "$script" >> "$FAKE_SBATCH_LOG" 2>&1 || exit 1
  echo 42
fi
`

// boardgamesWrapper runs this test binary as the boardgames command (see
// signal_test.go's init), for the batch scripts.
func boardgamesWrapper(t *testing.T, dir string) string {
	t.Helper()
	name := filepath.Join(dir, "boardgames")
	text := "#!/bin/sh\nBOARDGAMES_CLI_ARGS=\"$(printf '%s\\n' \"$@\")\" exec " + shellQuote(os.Args[0]) + " -test.run='^$' 3>/dev/null\n"
	if err := os.WriteFile(name, []byte(text), 0o755); err != nil {
		t.Fatal(err)
	}
	return name
}

// TestSlurmScripts: slurm writes an array job of 3 shards and a merge job
// that depends on it, submits both, and the scripts, run as Slurm would
// run them, give the standings and games of the unsharded run.
func TestSlurmScripts(t *testing.T) {
	needSh(t)
	tmp := t.TempDir()
	sbatch := filepath.Join(tmp, "sbatch")
	if err := os.WriteFile(sbatch, []byte(fakeSbatch), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("FAKE_SBATCH_LOG", filepath.Join(tmp, "sbatch.log"))
	bin := boardgamesWrapper(t, tmp)
	runArgs := []string{"arena", "-game", "connect4", "-tournament", "alphabeta:depth=2;greedy;random;paper003", "-games", "4", "-openings", "2", "-seed", "11"}
	dir := filepath.Join(tmp, "run")
	code, out, errOut := run(t, append([]string{"slurm", "-dir", dir, "-tasks", "3", "-cpus", "2", "-time", "0:10:00",
		"-partition", "debug", "-account", "cs101", "-module", "go/1.26", "-sbatch", sbatch, "-boardgames", bin}, runArgs...)...)
	if code != ExitOK {
		log, _ := os.ReadFile(filepath.Join(tmp, "sbatch.log"))
		t.Fatalf("exit %d: %s\n%s\n%s", code, errOut, out, log)
	}
	if !strings.Contains(out, "submitted the shards as job 41") || !strings.Contains(out, "submitted the merge as job 42, to run when job 41 has succeeded") {
		t.Errorf("output:\n%s", out)
	}
	log, _ := os.ReadFile(filepath.Join(tmp, "sbatch.log"))
	if !strings.Contains(string(log), "--parsable "+filepath.Join(dir, "shards.sbatch")) ||
		!strings.Contains(string(log), "--parsable --dependency=afterok:41 "+filepath.Join(dir, "merge.sbatch")) {
		t.Errorf("sbatch was called:\n%s", log)
	}
	shards, _ := os.ReadFile(filepath.Join(dir, "shards.sbatch"))
	for _, want := range []string{"#SBATCH --array=1-3\n", "#SBATCH --cpus-per-task=2\n", "#SBATCH --time=0:10:00\n",
		"#SBATCH --partition=debug\n", "#SBATCH --account=cs101\n", "module load go/1.26\n", "-parallel 2",
		`-shard "${SLURM_ARRAY_TASK_ID}/3"`, "'alphabeta:depth=2;greedy;random;paper003'"} {
		if !strings.Contains(string(shards), want) {
			t.Errorf("shards.sbatch has no %q:\n%s", want, shards)
		}
	}
	var whole, merged tournamentJSON
	runJSON(t, &whole, append(runArgs, "-json")...)
	text, err := os.ReadFile(filepath.Join(dir, "standings.json"))
	if err != nil {
		t.Fatalf("the merge job wrote no standings: %v\n%s", err, log)
	}
	if err := json.Unmarshal(text, &merged); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(merged.Crosstable, whole.Crosstable) || !reflect.DeepEqual(merged.Standings, whole.Standings) ||
		!reflect.DeepEqual(merged.Bots, whole.Bots) || len(merged.Records) != len(whole.Records) {
		t.Errorf("merged:\n%+v\nwhole:\n%+v", merged, whole)
	}
	for i := range whole.Records {
		if merged.Records[i].Moves != whole.Records[i].Moves {
			t.Errorf("game %d: moves %q, unsharded %q", i, merged.Records[i].Moves, whole.Records[i].Moves)
		}
	}
	if txt, err := os.ReadFile(filepath.Join(dir, "standings.txt")); err != nil || !strings.Contains(string(txt), "standings:") {
		t.Errorf("standings.txt: %v\n%s", err, txt)
	}
	if rows := readCSV(t, filepath.Join(dir, "games.csv")); len(rows) != 1+6*4 {
		t.Errorf("games.csv has %d rows", len(rows))
	}

	// The folder now holds a run: a second run is refused there.
	code, _, errOut = run(t, append([]string{"slurm", "-dir", dir, "-tasks", "3", "-sbatch", sbatch, "-boardgames", bin}, runArgs...)...)
	if code != ExitUsage || !strings.Contains(errOut, "already holds a run's files") {
		t.Errorf("a used folder: exit %d, %q", code, errOut)
	}
}

// TestSlurmDryRun: -dry-run writes the scripts and prints the sbatch
// commands without running sbatch.
func TestSlurmDryRun(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	code, out, errOut := run(t, "slurm", "-dir", dir, "-tasks", "20", "-sbatch", "/no/such/sbatch", "-dry-run",
		"grade", "-game", "othello", "-bot", "greedy", "-opponents", "random", "-games", "4")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "jobid=$(/no/such/sbatch --parsable "+filepath.Join(dir, "shards.sbatch")+")") ||
		!strings.Contains(out, "--dependency=afterok:${jobid%%;*} "+filepath.Join(dir, "merge.sbatch")) {
		t.Errorf("output:\n%s", out)
	}
	merge, _ := os.ReadFile(filepath.Join(dir, "merge.sbatch"))
	if !strings.Contains(string(merge), " merge -o "+filepath.Join(dir, "report")+" ") {
		t.Errorf("merge.sbatch:\n%s", merge)
	}
}

// TestSlurmBadInput: slurm refuses bad flags, its own and the run's,
// before it writes or submits anything.
func TestSlurmBadInput(t *testing.T) {
	tmp := t.TempDir()
	dir := filepath.Join(tmp, "run")
	game := []string{"arena", "-game", "connect4", "-p1", "greedy", "-p2", "random"}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{append([]string{"-tasks", "3"}, game...), "-dir is required"},
		{append([]string{"-dir", dir}, game...), "-tasks must be"},
		{append([]string{"-dir", dir, "-tasks", "3", "-time", "2 hours"}, game...), "-time"},
		{append([]string{"-dir", dir, "-tasks", "3", "-partition", "a b"}, game...), "-partition"},
		{append([]string{"-dir", dir, "-tasks", "3", "-account", "x;rm"}, game...), "-account"},
		{append([]string{"-dir", dir, "-tasks", "3", "-module", "go; rm -rf"}, game...), "-module"},
		{[]string{"-dir", dir, "-tasks", "3"}, "needs the run"},
		{[]string{"-dir", dir, "-tasks", "3", "solve", "-game", "connect4"}, "arena or grade"},
		{append([]string{"-dir", dir, "-tasks", "3", "-dry-run"}, append(game, "-shard", "1/2")...), "gives each task its -shard"},
		{append([]string{"-dir", dir, "-tasks", "3", "-dry-run"}, append(game, "-csv", "x.csv")...), "games' CSV"},
		{[]string{"-dir", dir, "-tasks", "3", "-dry-run", "arena", "-game", "connect4", "-p1", "greedy", "-p2", "nobody"}, "arena: "},
		{append([]string{"-dir", dir, "-tasks", "3", "-sbatch", "/no/such/sbatch"}, game...), "not found"},
	} {
		code, out, errOut := run(t, append([]string{"slurm"}, tc.args...)...)
		if code != ExitUsage || !strings.Contains(errOut, tc.want) || out != "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want %q", tc.args, code, out, errOut, tc.want)
		}
	}
	if _, err := os.Stat(dir); err == nil {
		t.Errorf("a refused run made its folder")
	}
}
