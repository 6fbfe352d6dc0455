package gtp

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// Transcript writes an engine's whole conversation for a person to read
// (a student whose bot forfeited, say): one line per event, the seconds
// since the transcript began, a mark and the text.
//
//	0.512 > genmove b
//	0.601 ~ *** SEARCH STILL RUNNING ? (1) ***
//	0.602 < = f5
//	0.602 <
//	0.700 ! a line of standard error
//	9.000 # timeout: no move within 1.15 s ...
//
// The marks: ">" a command sent, "<" a line of a reply, "~" a line of
// standard output skipped because it came before a reply started, "!" a
// line of standard error, "#" a note of the controller's. It is safe for
// concurrent use (standard error comes from a goroutine of its own).
type Transcript struct {
	mu      sync.Mutex
	w       io.Writer
	start   time.Time
	err     error
	written int64
	full    bool // MaxTranscript reached: nothing more is written
}

// MaxTranscript is the most bytes a Transcript writes, so that a program
// that floods its output cannot fill the disk; the transcript then ends
// with a note.
const MaxTranscript = 16 << 20

// NewTranscript writes a transcript to w, its header naming the program
// (argv, started in dir) and saying what the marks mean.
func NewTranscript(w io.Writer, argv []string, dir string) *Transcript {
	t := &Transcript{w: w, start: time.Now()}
	where := ""
	if dir != "" {
		where = " in " + dir
	}
	t.printf("# GTP transcript of %s%s, started %s\n", strings.Join(argv, " "), where, t.start.UTC().Format("2006-01-02 15:04:05.000 UTC"))
	t.printf("# seconds since the start; > sent, < received, ~ received and skipped (before a reply), ! standard error, # note\n")
	return t
}

func (t *Transcript) printf(format string, args ...any) {
	if t.err != nil || t.full {
		return
	}
	line := fmt.Sprintf(format, args...)
	if t.written+int64(len(line)) > MaxTranscript-100 { // room for the note
		t.full = true
		line = fmt.Sprintf("%8.3f # the transcript stops here: it reached %d MiB\n", time.Since(t.start).Seconds(), MaxTranscript>>20)
	}
	var n int
	n, t.err = io.WriteString(t.w, line)
	t.written += int64(n)
}

// Add writes one line with its mark.
func (t *Transcript) Add(mark, text string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if text != "" {
		text = " " + text
	}
	t.printf("%8.3f %s%s\n", time.Since(t.start).Seconds(), mark, text)
}

// client takes a Client's transcript lines ("> cmd", "< line", "~ line").
func (t *Transcript) client(line string) {
	mark, text, _ := strings.Cut(line, " ")
	t.Add(mark, text)
}

// Stderr adds a line of standard error.
func (t *Transcript) Stderr(line string) { t.Add("!", line) }

// Note adds a note of the controller's (a fault, the program's end).
func (t *Transcript) Note(format string, args ...any) { t.Add("#", fmt.Sprintf(format, args...)) }

// Err is the first error writing the transcript.
func (t *Transcript) Err() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.err
}
