package gtp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"boardgames/ai/gtp/proc"
	"boardgames/rules"
	"boardgames/rules/games"
)

// Options configure an engine started by Launch.
type Options struct {
	Budget Budget
	// Limits are the process's; Limits.Dir is its working directory, and
	// a relative program path (one with a separator, ./edax) is found
	// there.
	Limits proc.Limits
	// Transcript, if not nil, gets the conversation (see Client).
	Transcript func(line string)
	// Log, if not nil, gets the conversation and the program's standard
	// error for a person to read (see Transcript).
	Log io.Writer
	// Strict makes a line of standard output before a reply a malformed
	// reply, for grading the protocol itself; by default it is skipped
	// (and logged).
	Strict bool
	// Seed, if HasSeed, is the seed sent with CmdSeed (see
	// Player.SetSeed).
	Seed    uint64
	HasSeed bool
}

// Program finds the program of argv[0] for a process started in dir: a
// relative path with a separator (./edax, bin/bot) is taken from dir and
// made absolute; a bare name is looked up in PATH. It reports a dir that
// is not a directory and a program that is not found, with a hint when a
// bare name is a file in dir.
func Program(argv0, dir string) (string, error) {
	if dir != "" {
		st, err := os.Stat(dir)
		switch {
		case err != nil:
			return "", fmt.Errorf("gtp: working directory %s: %w", dir, errors.Unwrap(err))
		case !st.IsDir():
			return "", fmt.Errorf("gtp: working directory %s is not a directory", dir)
		}
		if strings.ContainsRune(argv0, '/') || strings.ContainsRune(argv0, filepath.Separator) {
			if !filepath.IsAbs(argv0) {
				argv0 = filepath.Join(dir, argv0)
			}
			abs, err := filepath.Abs(argv0)
			if err != nil {
				return "", fmt.Errorf("gtp: %w", err)
			}
			argv0 = abs
		}
	}
	path, err := exec.LookPath(argv0)
	if err != nil {
		err = fmt.Errorf("cannot run %s: %w", argv0, errors.Unwrap(err))
		if dir != "" && !strings.ContainsRune(argv0, filepath.Separator) {
			if _, serr := os.Stat(filepath.Join(dir, argv0)); serr == nil {
				err = fmt.Errorf("%w (a program in the working directory is written ./%s)", err, argv0)
			}
		}
		return "", err
	}
	return path, nil
}

// Engine is an engine program running as a child process (package proc),
// with the Player that drives it. Every Fault stops the program at once;
// Close stops it in any case, and must be called.
type Engine struct {
	*Player
	proc   *proc.Process
	client *Client
	log    *Transcript // nil without Options.Log
}

// Launch starts the program argv (see SplitCommand) and shakes hands with
// it. A program that cannot start is an error; one that starts but does
// not speak the protocol is a *Fault (and its process is stopped).
func Launch(ctx context.Context, argv []string, opt Options) (*Engine, error) {
	if len(argv) == 0 {
		return nil, errors.New("gtp: no program given")
	}
	path, err := Program(argv[0], opt.Limits.Dir)
	if err != nil {
		return nil, err
	}
	argv = append([]string{path}, argv[1:]...)
	var log *Transcript
	if opt.Log != nil {
		log = NewTranscript(opt.Log, argv, opt.Limits.Dir)
		opt.Limits.Stderr = log.Stderr
	}
	p, err := proc.Start(argv, opt.Limits)
	if err != nil {
		if log != nil {
			log.Note("cannot start: %v", err)
		}
		return nil, err
	}
	c := NewClient(p.Stdout(), p.Stdin())
	c.Strict = opt.Strict
	c.Transcript = opt.Transcript
	if log != nil {
		c.Transcript = func(line string) {
			if opt.Transcript != nil {
				opt.Transcript(line)
			}
			log.client(line)
		}
	}
	e := &Engine{proc: p, client: c, log: log}
	pl, err := Handshake(ctx, c, opt.Budget)
	if err != nil {
		err = e.explain(err)
		e.Close()
		return nil, err
	}
	if opt.HasSeed {
		pl.SetSeed(opt.Seed)
	}
	e.Player = pl
	return e, nil
}

// explain adds to a Fault how the program ended, if it did, and stops it:
// a program that broke the protocol is not asked anything again.
func (e *Engine) explain(err error) error {
	f, ok := AsFault(err)
	if ok && e.log != nil {
		defer func() { e.log.Note("%s", f) }()
	}
	if !ok || f.Kind == FaultResigned {
		return err
	}
	if f.Kind == FaultCrash {
		t := time.NewTimer(500 * time.Millisecond)
		select {
		case <-e.proc.Done():
		case <-t.C:
		}
		t.Stop()
		if s := e.proc.ExitStatus(); s != "" {
			f.Detail += " (" + s + ")"
		} else {
			select {
			case <-e.proc.Done():
				f.Detail += " (it exited with status 0)"
			default:
			}
		}
	}
	e.proc.Kill()
	return f
}

// NewGame sets the engine up for a game (see Player.NewGame).
func (e *Engine) NewGame(ctx context.Context, g *games.Game, s games.Settings, start games.Position) error {
	return e.explain(e.Player.NewGame(ctx, g, s, start))
}

// GenMove asks the engine for a move (see Player.GenMove).
func (e *Engine) GenMove(ctx context.Context, rec games.Record) (rules.Move, time.Duration, error) {
	m, took, err := e.Player.GenMove(ctx, rec)
	return m, took, e.explain(err)
}

// Stderr returns the last lines the program wrote to standard error.
func (e *Engine) Stderr() []string { return e.proc.Stderr() }

// Pid is the program's process id.
func (e *Engine) Pid() int { return e.proc.Pid() }

// Close sends quit (unless the engine is broken), gives the program a
// second to exit, then kills its process group and reaps it. It returns
// the last lines of standard error.
func (e *Engine) Close() []string {
	if e.Player != nil && e.client.Broken() == nil {
		e.Player.Quit(context.Background())
	}
	e.proc.Stop(time.Second)
	e.client.Close()
	if e.log != nil {
		status := e.proc.ExitStatus()
		if status == "" {
			status = "exit status 0"
		}
		e.log.Note("stopped (%s)", status)
	}
	return e.proc.Stderr()
}

// SplitCommand splits a command line into the program and its arguments
// the way a shell splits words, without a shell: spaces separate words,
// single quotes keep everything, double quotes keep everything but
// backslash escapes of '"' and '\', and a backslash outside quotes keeps
// the next character.
func SplitCommand(s string) ([]string, error) {
	var (
		words []string
		cur   strings.Builder
		in    bool // inside a word
		quote byte
	)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote == '\'':
			if c == '\'' {
				quote = 0
			} else {
				cur.WriteByte(c)
			}
		case quote == '"':
			switch {
			case c == '"':
				quote = 0
			case c == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\'):
				i++
				cur.WriteByte(s[i])
			default:
				cur.WriteByte(c)
			}
		case c == '\'' || c == '"':
			quote, in = c, true
		case c == '\\':
			if i+1 == len(s) {
				return nil, errors.New("gtp: the command ends with a backslash")
			}
			i++
			cur.WriteByte(s[i])
			in = true
		case c == ' ' || c == '\t':
			if in {
				words = append(words, cur.String())
				cur.Reset()
				in = false
			}
		case c == '\n' || c == '\r':
			return nil, errors.New("gtp: the command spans lines")
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("gtp: the quote %c is not closed", quote)
	}
	if in {
		words = append(words, cur.String())
	}
	if len(words) == 0 {
		return nil, errors.New("gtp: no program given")
	}
	return words, nil
}
