package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"time"

	"boardgames/ai/lab"
	"boardgames/app/safefile"
	"boardgames/internal/nowait"
	"boardgames/rules/games"
)

func init() {
	commands["merge"] = command{"combine the results of the shards of an arena, tournament or grade run", staged(prepareMerge)}
}

// shardFile is the JSON of a shard's results file.
type shardFile struct {
	Format string `json:"format"`
	lab.ShardResult
}

// shardFormat names the format of shard files.
const shardFormat = "boardgames-shard-1"

// maxShardFile is the largest shard file merge reads: 100 000 games with
// their moves and stderr lines fit.
const maxShardFile = 512 << 20

// writeShard writes a shard's results for merge.
func writeShard(name string, run lab.Run, shard lab.Shard, took time.Duration, games []lab.GameRecord) error {
	if shard == (lab.Shard{}) {
		shard = lab.Shard{K: 1, N: 1}
	}
	f := shardFile{Format: shardFormat, ShardResult: lab.ShardResult{Run: run, Shard: shard, Hash: run.Hash(), Seconds: took.Seconds(), Games: games}}
	return safefile.WriteFunc(name, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", " ")
		return enc.Encode(f)
	})
}

// readShard reads a shard's results file.
func readShard(name string) (lab.ShardResult, error) {
	fh, err := nowait.Open(name) // a named pipe is refused, not waited on
	if err != nil {
		return lab.ShardResult{}, err
	}
	defer fh.Close()
	if st, err := fh.Stat(); err != nil || !st.Mode().IsRegular() || st.Size() > maxShardFile {
		return lab.ShardResult{}, fmt.Errorf("%s: not a regular file of at most %d MiB", name, maxShardFile>>20)
	}
	var f shardFile
	dec := json.NewDecoder(io.LimitReader(fh, maxShardFile))
	if err := dec.Decode(&f); err != nil {
		return lab.ShardResult{}, fmt.Errorf("%s: not a shard's results: %v", name, err)
	}
	if f.Format != shardFormat {
		return lab.ShardResult{}, fmt.Errorf("%s: format %q, not %q", name, f.Format, shardFormat)
	}
	f.Name = name
	return f.ShardResult, nil
}

func prepareMerge(e *env, args []string) (func() error, error) {
	fs := e.newFlags("merge", "[-json] [-csv FILE] [-o DIR] SHARD-FILE...\n\n"+
		"Combines the results files of the shards of one run (arena -shard K/N -out FILE,\n"+
		"grade -shard K/N -out FILE) and prints the tables of the whole run, as the unsharded\n"+
		"run with the same seed would: every shard must be given once. Every game is replayed\n"+
		"from its moves and the tables are made from what the moves give: a shard of another\n"+
		"run (its run hash), an index out of range, a move that is not legal, or a result,\n"+
		"final position or forfeit its moves do not give is refused with its reason. A grade\n"+
		"run writes its report to -o DIR (default grade-report). docs/shards.md shows a Slurm\n"+
		"array job ('boardgames slurm') and GNU parallel.\n")
	asJSON := fs.Bool("json", false, "print one JSON object")
	csvFile := fs.String("csv", "", "write one CSV row per game to this file (- for stdout)")
	outDir := fs.String("o", "grade-report", "a grade run's report folder")
	if err := fs.Parse(args); err != nil {
		return nil, parse(fs, args)
	}
	if fs.NArg() == 0 {
		return nil, badInputf("merge needs the shards' results files")
	}
	var parts []lab.ShardResult
	for _, name := range fs.Args() {
		p, err := readShard(name)
		if err != nil {
			return nil, badInput(err)
		}
		parts = append(parts, p)
	}
	run, records, seconds, err := lab.Merge(parts)
	if err != nil {
		return nil, badInput(err)
	}
	g, err := games.Lookup(run.Game)
	if err != nil {
		return nil, badInput(err)
	}
	start, err := g.Start(run.Settings)
	if run.Start != "" {
		start, err = g.Parse(run.Start, run.Settings)
	}
	if err != nil {
		return nil, badInput(err)
	}
	if err := checkOutput(*csvFile); err != nil {
		return nil, err
	}
	if run.Kind == "grade" {
		return func() error { return e.mergeGrade(run, records, seconds, *outDir, *asJSON) }, nil
	}
	r := arenaRun{g: g, settings: run.Settings, start: start, tour: run.Kind == "tournament", games: run.Games,
		openings: run.Openings, seed: run.Seed, asJSON: *asJSON, csv: *csvFile, merged: seconds}
	return func() error {
		var write func(io.Writer) error
		if r.tour {
			res, err := lab.TournamentFromRecords(run, records)
			if err != nil {
				return err
			}
			res.Elapsed = time.Duration(seconds * float64(time.Second))
			rows := tournamentRows(g, res)
			write = func(w io.Writer) error { return writeGamesCSV(w, rows, true) }
			if err := e.writeTournament(r, res, rows); err != nil {
				return err
			}
		} else {
			res, err := lab.ArenaFromRecords(run, records)
			if err != nil {
				return err
			}
			res.Elapsed = time.Duration(seconds * float64(time.Second))
			rows := gameRows(g, res, "", "")
			write = func(w io.Writer) error { return writeGamesCSV(w, rows, false) }
			if err := e.writeArena(r, res, rows); err != nil {
				return err
			}
		}
		return e.writeOutput(r.csv, write)
	}, nil
}
