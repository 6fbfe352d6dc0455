package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"boardgames/ai/lab"
	"boardgames/app/safefile"
)

func init() {
	commands["slurm"] = command{"submit an arena, tournament or grade run to a Slurm cluster as an array job of shards and their merge", staged(prepareSlurm)}
}

// slurmRunners are the commands whose runs shard: each checks its flags
// (with -shard and -out added) before anything is written or submitted.
var slurmRunners = map[string]func(*env, []string) (func() error, error){
	"arena": prepareArena,
	"grade": prepareGrade,
}

// slurmJob is a checked slurm run.
type slurmJob struct {
	dir, workdir, binary, sbatch string
	command                      string   // arena or grade
	args                         []string // its flags, without -shard and -out
	tasks, cpus                  int
	time, mergeTime, name        string
	partition, account, mem      string
	modules                      []string
	setup                        string
	dryRun                       bool
}

// Limits of slurm's flags: what Slurm's own syntax allows, kept to
// characters that need no quoting in a batch script's #SBATCH lines.
var (
	slurmTimeRE = regexp.MustCompile(`^([0-9]+-)?[0-9]+(:[0-9]+){0,2}$`)
	slurmNameRE = regexp.MustCompile(`^[A-Za-z0-9_.+-]+$`)
	slurmMemRE  = regexp.MustCompile(`^[0-9]+[KMGT]?$`)
	slurmModRE  = regexp.MustCompile(`^[A-Za-z0-9_.+/-]+$`)
)

func prepareSlurm(e *env, args []string) (func() error, error) {
	fs := e.newFlags("slurm", "-dir DIR -tasks N [-cpus C] [-time T] [-partition P] [-account A] [-module M] [-dry-run] arena|grade FLAGS...\n\n"+
		"Submits a run of arena (a match or a -tournament/-bots round robin) or grade to a Slurm\n"+
		"cluster as an array job of N tasks, task K playing shard K/N (arena -shard K/N -out\n"+
		"DIR/part-K.json), and a second job that runs 'boardgames merge' when every task has\n"+
		"succeeded (sbatch --dependency=afterok). It writes DIR/shards.sbatch and\n"+
		"DIR/merge.sbatch, submits them with sbatch (-dry-run: prints the commands instead),\n"+
		"and prints the jobs' ids. The merge job writes DIR/standings.txt, DIR/standings.json\n"+
		"and DIR/games.csv (grade: the report in DIR/report); each task's output goes to\n"+
		"DIR/logs. The run's flags are checked here first, as the command itself checks them.\n"+
		"The tasks run in the current folder with this boardgames binary (-boardgames PATH\n"+
		"for another), so the cluster's nodes must see both at the same paths. Each task plays\n"+
		"-cpus games at once unless the run's flags give -parallel. docs/tournament.md shows a\n"+
		"course's tournament on a cluster.\n")
	dir := fs.String("dir", "", "the run's folder: batch scripts, shards' results, logs, standings (new or empty)")
	tasks := fs.Int("tasks", 0, "the array's tasks: shards of the run, one per task")
	cpus := fs.Int("cpus", 1, "cores per task (--cpus-per-task)")
	limit := fs.String("time", "1:00:00", "each task's time limit (--time: MINUTES, HH:MM:SS or D-HH:MM:SS)")
	mergeTime := fs.String("merge-time", "0:30:00", "the merge job's time limit")
	name := fs.String("name", "boardgames", "the jobs' name (--job-name; the merge job adds -merge)")
	partition := fs.String("partition", "", "the partition (--partition; default the cluster's)")
	account := fs.String("account", "", "the account charged (--account; default yours)")
	mem := fs.String("mem", "", "memory per core (--mem-per-cpu, such as 2G; default the cluster's)")
	var modules stringList
	fs.Var(&modules, "module", "a module each job loads first (module load M); repeat for several")
	setup := fs.String("setup", "", "a shell line each job runs before boardgames (such as 'source venv/bin/activate')")
	binary := fs.String("boardgames", "", "the boardgames binary the jobs run (default this one)")
	sbatch := fs.String("sbatch", "sbatch", "the sbatch program")
	dryRun := fs.Bool("dry-run", false, "write the batch scripts and print the sbatch commands, without submitting")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.usage()
			return nil, err
		}
		return nil, badInput(err)
	}
	rest := fs.Args()
	switch {
	case *dir == "":
		return nil, badInputf("-dir is required: the folder of the run's scripts, results and logs")
	case *tasks < 1 || *tasks > lab.MaxGames:
		return nil, badInputf("-tasks must be 1..%d, not %d", lab.MaxGames, *tasks)
	case *cpus < 1 || *cpus > maxParallel:
		return nil, badInputf("-cpus must be 1..%d, not %d", maxParallel, *cpus)
	case !slurmTimeRE.MatchString(*limit):
		return nil, badInputf("-time %q: want MINUTES, HH:MM:SS or D-HH:MM:SS", *limit)
	case !slurmTimeRE.MatchString(*mergeTime):
		return nil, badInputf("-merge-time %q: want MINUTES, HH:MM:SS or D-HH:MM:SS", *mergeTime)
	case !slurmNameRE.MatchString(*name):
		return nil, badInputf("-name %q: letters, digits and _.+- only", *name)
	case *partition != "" && !slurmNameRE.MatchString(*partition):
		return nil, badInputf("-partition %q: letters, digits and _.+- only", *partition)
	case *account != "" && !slurmNameRE.MatchString(*account):
		return nil, badInputf("-account %q: letters, digits and _.+- only", *account)
	case *mem != "" && !slurmMemRE.MatchString(*mem):
		return nil, badInputf("-mem %q: want a number with K, M, G or T, such as 2G", *mem)
	case strings.ContainsAny(*setup, "\n\r"):
		return nil, badInputf("-setup must be one line")
	case len(rest) == 0:
		return nil, badInputf("slurm needs the run: arena or grade with its flags, after slurm's own")
	}
	for _, m := range modules {
		if !slurmModRE.MatchString(m) {
			return nil, badInputf("-module %q: a module's name, such as go/1.26", m)
		}
	}
	j := slurmJob{tasks: *tasks, cpus: *cpus, time: *limit, mergeTime: *mergeTime, name: *name, partition: *partition,
		account: *account, mem: *mem, modules: modules, setup: *setup, sbatch: *sbatch, dryRun: *dryRun,
		command: rest[0], args: rest[1:]}
	prepare, ok := slurmRunners[j.command]
	if !ok {
		return nil, badInputf("slurm runs arena or grade, not %q", j.command)
	}
	for _, a := range j.args {
		switch flagName(a) {
		case "shard", "out":
			return nil, badInputf("%s: slurm gives each task its -shard and -out", a)
		case "csv":
			return nil, badInputf("%s: the merge job writes the games' CSV (DIR/games.csv)", a)
		}
		if strings.ContainsAny(a, "\x00\n\r") {
			return nil, badInputf("%q: a flag of the run must be one line", a)
		}
	}
	var err error
	if j.dir, err = filepath.Abs(*dir); err != nil {
		return nil, badInput(err)
	}
	if j.workdir, err = os.Getwd(); err != nil {
		return nil, fmt.Errorf("the current folder: %w", err)
	}
	if j.binary = *binary; j.binary == "" {
		if j.binary, err = os.Executable(); err != nil {
			return nil, fmt.Errorf("this program's path: %w", err)
		}
	}
	if j.binary, err = filepath.Abs(j.binary); err != nil {
		return nil, badInput(err)
	}
	if fi, err := os.Stat(j.binary); err != nil || !fi.Mode().IsRegular() || fi.Mode()&0o111 == 0 {
		return nil, badInputf("-boardgames %s: not an executable file", j.binary)
	}
	if err := checkRunDir(j.dir); err != nil {
		return nil, err
	}
	if !j.dryRun {
		if _, err := exec.LookPath(j.sbatch); err != nil {
			return nil, badInputf("%s not found: is this a Slurm login node? (-dry-run writes the scripts without it)", j.sbatch)
		}
	}
	// The run's own checks, with the flags each task adds; its work is
	// not started.
	check := append(append([]string{}, j.args...), "-shard", "1/"+strconv.Itoa(j.tasks), "-out", filepath.Join(os.TempDir(), "boardgames-slurm-check.json"))
	if _, err := prepare(e, check); err != nil {
		var u usageError
		if errors.As(err, &u) {
			return nil, badInputf("%s: %w", j.command, err)
		}
		return nil, err
	}
	return func() error { return e.slurm(j) }, nil
}

// stringList is a flag given several times.
type stringList []string

func (l *stringList) String() string     { return strings.Join(*l, ",") }
func (l *stringList) Set(s string) error { *l = append(*l, s); return nil }

// flagName is the name of a flag argument ("-out=x" gives "out"), or "".
func flagName(a string) string {
	if !strings.HasPrefix(a, "-") || a == "-" || a == "--" {
		return ""
	}
	a = strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
	name, _, _ := strings.Cut(a, "=")
	return name
}

// hasFlag reports whether args give the flag.
func hasFlag(args []string, name string) bool {
	for _, a := range args {
		if flagName(a) == name {
			return true
		}
	}
	return false
}

// checkRunDir refuses a run folder that holds another run's files, whose
// shards the merge job would take for this run's.
func checkRunDir(dir string) error {
	fi, err := os.Stat(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return badInput(err)
	}
	if !fi.IsDir() {
		return badInputf("-dir %s is not a folder", dir)
	}
	for _, pattern := range []string{"part-*.json", "*.sbatch", "standings.*"} {
		if m, _ := filepath.Glob(filepath.Join(dir, pattern)); len(m) > 0 {
			return badInputf("-dir %s already holds a run's files (%s): choose a new folder", dir, filepath.Base(m[0]))
		}
	}
	return nil
}

// shellQuote quotes s for a POSIX shell.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:=,+-@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// header is the #SBATCH lines both scripts share, and the setup lines.
func (j slurmJob) header(name, limit string, cpus int, output string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "#SBATCH --job-name=%s\n#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=%d\n#SBATCH --time=%s\n", name, cpus, limit)
	fmt.Fprintf(&b, "#SBATCH --output=%s\n", output)
	if j.partition != "" {
		fmt.Fprintf(&b, "#SBATCH --partition=%s\n", j.partition)
	}
	if j.account != "" {
		fmt.Fprintf(&b, "#SBATCH --account=%s\n", j.account)
	}
	if j.mem != "" {
		fmt.Fprintf(&b, "#SBATCH --mem-per-cpu=%s\n", j.mem)
	}
	b.WriteString("set -eu\n")
	fmt.Fprintf(&b, "cd %s\n", shellQuote(j.workdir))
	for _, m := range j.modules {
		fmt.Fprintf(&b, "module load %s\n", m)
	}
	if j.setup != "" {
		b.WriteString(j.setup + "\n")
	}
	return b.String()
}

// shebang is the scripts' first line: bash, as a login shell when it
// loads modules (the module command comes with the login's profile).
func (j slurmJob) shebang() string {
	if len(j.modules) > 0 {
		return "#!/bin/bash -l\n"
	}
	return "#!/bin/bash\n"
}

// scripts returns the array job's batch script and the merge job's.
func (j slurmJob) scripts() (shards, merge string) {
	q := shellQuote
	args := j.args
	if !hasFlag(args, "parallel") {
		args = append(append([]string{}, args...), "-parallel", strconv.Itoa(j.cpus))
	}
	var cmd []string
	for _, a := range append([]string{j.binary, j.command}, args...) {
		cmd = append(cmd, q(a))
	}
	var b strings.Builder
	b.WriteString(j.shebang())
	fmt.Fprintf(&b, "# Written by 'boardgames slurm': task K of the array plays shard K of the run's %d.\n", j.tasks)
	fmt.Fprintf(&b, "#SBATCH --array=1-%d\n", j.tasks)
	b.WriteString(j.header(j.name, j.time, j.cpus, filepath.Join(j.dir, "logs", "shard-%a.txt")))
	fmt.Fprintf(&b, "exec %s \\\n  -shard \"${SLURM_ARRAY_TASK_ID}/%d\" -out %s\"${SLURM_ARRAY_TASK_ID}.json\"\n",
		strings.Join(cmd, " "), j.tasks, q(filepath.Join(j.dir, "part-")))
	shards = b.String()

	b.Reset()
	b.WriteString(j.shebang())
	b.WriteString("# Written by 'boardgames slurm': merges the shards when the array job has succeeded.\n")
	b.WriteString(j.header(j.name+"-merge", j.mergeTime, 1, filepath.Join(j.dir, "logs", "merge.txt")))
	parts := q(j.dir) + "/part-*.json"
	bin := q(j.binary)
	if j.command == "grade" {
		fmt.Fprintf(&b, "%s merge -o %s %s > %s\n", bin, q(filepath.Join(j.dir, "report")), parts, q(filepath.Join(j.dir, "standings.txt")))
		fmt.Fprintf(&b, "%s merge -json -o %s %s > %s\n", bin, q(filepath.Join(j.dir, "report")), parts, q(filepath.Join(j.dir, "standings.json")))
	} else {
		fmt.Fprintf(&b, "%s merge -csv %s %s > %s\n", bin, q(filepath.Join(j.dir, "games.csv")), parts, q(filepath.Join(j.dir, "standings.txt")))
		fmt.Fprintf(&b, "%s merge -json %s > %s\n", bin, parts, q(filepath.Join(j.dir, "standings.json")))
	}
	return shards, b.String()
}

// slurm writes the batch scripts and submits them (or prints how).
func (e *env) slurm(j slurmJob) error {
	if err := os.MkdirAll(filepath.Join(j.dir, "logs"), 0o755); err != nil {
		return err
	}
	shards, merge := j.scripts()
	shardsFile, mergeFile := filepath.Join(j.dir, "shards.sbatch"), filepath.Join(j.dir, "merge.sbatch")
	for name, text := range map[string]string{shardsFile: shards, mergeFile: merge} {
		if err := safefile.Write(name, []byte(text)); err != nil {
			return err
		}
	}
	fmt.Fprintf(e.stdout, "slurm: wrote %s (%d tasks of %d core(s), %s each) and %s\n", shardsFile, j.tasks, j.cpus, j.time, mergeFile)
	if j.dryRun {
		fmt.Fprintf(e.stdout, "slurm: to submit them:\n  jobid=$(%s --parsable %s)\n  %s --dependency=afterok:${jobid%%%%;*} %s\n",
			shellQuote(j.sbatch), shellQuote(shardsFile), shellQuote(j.sbatch), shellQuote(mergeFile))
		return nil
	}
	id, err := e.submit(j.sbatch, shardsFile)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "slurm: submitted the shards as job %s\n", id)
	mid, err := e.submit(j.sbatch, "--dependency=afterok:"+id, mergeFile)
	if err != nil {
		return fmt.Errorf("%w (the shards' job %s is submitted: scancel %s, or submit %s yourself)", err, id, id, mergeFile)
	}
	fmt.Fprintf(e.stdout, "slurm: submitted the merge as job %s, to run when job %s has succeeded\n", mid, id)
	fmt.Fprintf(e.stdout, "slurm: the standings will be in %s; squeue --me shows the jobs, %s the tasks' output\n",
		filepath.Join(j.dir, "standings.txt"), filepath.Join(j.dir, "logs"))
	return nil
}

// submit runs sbatch --parsable with args and returns the job's id.
func (e *env) submit(sbatch string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(e.ctx, 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, sbatch, append([]string{"--parsable"}, args...)...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("%s %s: %v: %s", sbatch, strings.Join(args, " "), err, strings.TrimSpace(errOut.String()))
	}
	id, _, _ := strings.Cut(strings.TrimSpace(out.String()), ";") // "ID" or "ID;CLUSTER"
	if _, err := strconv.ParseUint(id, 10, 64); err != nil {
		return "", fmt.Errorf("%s %s printed %q, not a job id", sbatch, strings.Join(args, " "), strings.TrimSpace(out.String()))
	}
	return id, nil
}
