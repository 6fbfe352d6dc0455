package proc

import (
	"bufio"
	"io"
	"strings"
	"sync"
	"unicode/utf8"
)

// MaxStderrLine is the longest line of standard error a Ring keeps, in
// bytes; the rest of a longer line is dropped and marked with "…".
const MaxStderrLine = 300

// Ring keeps the last lines written to it: a program's standard error,
// read as long as the program writes, so that it never blocks on a full
// pipe, and never more than a few lines in memory.
type Ring struct {
	mu    sync.Mutex
	lines []string
	next  int // where the next line goes once the ring is full
	n     int // lines kept
	// Tee, if not nil, also gets every line as it is kept (set it before
	// the ring is used).
	Tee func(line string)
}

// NewRing keeps the last n lines.
func NewRing(n int) *Ring { return &Ring{lines: make([]string, n)} }

// Add keeps one line (cut to MaxStderrLine bytes, never inside a
// character), dropping the oldest when full.
func (r *Ring) Add(line string) {
	line = strings.TrimRight(line, "\r\n")
	if len(line) > MaxStderrLine {
		cut := MaxStderrLine
		for cut > 0 && !utf8.RuneStart(line[cut]) {
			cut--
		}
		line = line[:cut] + "…"
	}
	line = strings.ToValidUTF8(line, "?")
	if r.Tee != nil {
		r.Tee(line)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.lines[r.next] = line
	r.next = (r.next + 1) % len(r.lines)
	r.n = min(r.n+1, len(r.lines))
}

// Lines returns the lines kept, oldest first.
func (r *Ring) Lines() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]string, 0, r.n)
	start := (r.next - r.n + len(r.lines)) % len(r.lines)
	for i := range r.n {
		out = append(out, r.lines[(start+i)%len(r.lines)])
	}
	return out
}

// Consume reads lines from rd until it ends, keeping the last ones. A
// line longer than the reader's buffer counts as one line (its start).
func (r *Ring) Consume(rd io.Reader) {
	br := bufio.NewReaderSize(rd, 4096)
	for {
		chunk, err := br.ReadSlice('\n')
		if len(chunk) > 0 {
			r.Add(string(chunk))
		}
		for err == bufio.ErrBufferFull { // the rest of a long line
			_, err = br.ReadSlice('\n')
		}
		if err != nil {
			return
		}
	}
}
