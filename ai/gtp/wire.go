package gtp

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Command is one command line: an optional numeric id, the command's name
// and its arguments.
type Command struct {
	ID    int
	HasID bool
	Name  string
	Args  []string
}

// String writes the command as it goes on the wire (without the newline).
func (c Command) String() string {
	var b strings.Builder
	if c.HasID {
		b.WriteString(strconv.Itoa(c.ID))
		b.WriteByte(' ')
	}
	b.WriteString(c.Name)
	for _, a := range c.Args {
		b.WriteByte(' ')
		b.WriteString(a)
	}
	return b.String()
}

// Preprocess cleans a command line the way GTP v2 asks an engine to
// (section 3.1 of the specification): control characters other than tab
// and newline are removed, tabs become spaces, and everything from a '#'
// on is a comment. It returns the trimmed line, empty when nothing is
// left to execute.
func Preprocess(line string) string {
	var b strings.Builder
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == '#':
			return strings.TrimSpace(b.String())
		case c == '\t':
			b.WriteByte(' ')
		case c < 32 || c == 127:
		default:
			b.WriteByte(c)
		}
	}
	return strings.TrimSpace(b.String())
}

// ParseCommand reads a preprocessed, non-empty command line: "[id] name
// [args...]". An id is a run of digits before the name.
func ParseCommand(line string) (Command, error) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return Command{}, errors.New("gtp: empty command")
	}
	var c Command
	if isDigits(f[0]) {
		id, err := strconv.Atoi(f[0])
		if err != nil {
			return Command{}, fmt.Errorf("gtp: id %q is too large", f[0])
		}
		c.ID, c.HasID = id, true
		f = f[1:]
		if len(f) == 0 {
			return c, errors.New("gtp: an id without a command")
		}
	}
	c.Name, c.Args = f[0], f[1:]
	return c, nil
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// FormatResponse writes a reply: "=id text" or "?id text", then the empty
// line that ends every reply. A text whose first line is empty (a board)
// starts on the line after the status; other empty lines are dropped (an
// empty line ends a reply), and carriage returns too.
func FormatResponse(c Command, ok bool, text string) string {
	var b strings.Builder
	if ok {
		b.WriteByte('=')
	} else {
		b.WriteByte('?')
	}
	if c.HasID {
		b.WriteString(strconv.Itoa(c.ID))
	}
	lines := strings.Split(strings.ReplaceAll(text, "\r", ""), "\n")
	var kept []string
	for _, l := range lines {
		if strings.TrimSpace(l) != "" {
			kept = append(kept, l)
		}
	}
	switch {
	case len(lines) > 1 && strings.TrimSpace(lines[0]) == "": // a board on lines of its own
		b.WriteByte('\n')
	case len(kept) > 0:
		b.WriteByte(' ')
	}
	b.WriteString(strings.Join(kept, "\n"))
	b.WriteString("\n\n")
	return b.String()
}

// Limits on what an engine may send, so that a misbehaving program cannot
// make the controller's memory grow without bound.
const (
	// MaxLine is the longest line of a reply, in bytes.
	MaxLine = 64 << 10
	// MaxReplyLines is the most lines one reply may have.
	MaxReplyLines = 4096
)

// ErrMalformed is wrapped by every error about a reply that does not
// follow the protocol.
var ErrMalformed = errors.New("malformed reply")

// Reply is an engine's answer to one command.
type Reply struct {
	OK    bool   // '=' (success) or '?' (failure)
	ID    int    // the id echoed, if HasID
	HasID bool   // the reply carried an id
	Text  string // the reply's text, its lines joined by '\n'
}

// ParseReply reads the lines of one reply (the empty line that ends it
// not included).
func ParseReply(lines []string) (Reply, error) {
	if len(lines) == 0 {
		return Reply{}, fmt.Errorf("%w: an empty line where a reply should start", ErrMalformed)
	}
	first := lines[0]
	var r Reply
	switch {
	case strings.HasPrefix(first, "="):
		r.OK = true
	case strings.HasPrefix(first, "?"):
	default:
		return Reply{}, fmt.Errorf("%w: %s does not start with '=' or '?'", ErrMalformed, quoteLine(first))
	}
	rest := first[1:]
	n := 0
	for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
		n++
	}
	if n > 0 {
		id, err := strconv.Atoi(rest[:n])
		if err != nil {
			return Reply{}, fmt.Errorf("%w: id %s is too large", ErrMalformed, quoteLine(rest[:n]))
		}
		r.ID, r.HasID = id, true
		rest = rest[n:]
	}
	if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return Reply{}, fmt.Errorf("%w: %s has no space after its status", ErrMalformed, quoteLine(first))
	}
	text := []string{strings.TrimSpace(rest)}
	for _, l := range lines[1:] {
		text = append(text, strings.TrimRight(l, " \t"))
	}
	r.Text = strings.TrimSpace(strings.Join(text, "\n"))
	return r, nil
}

// quoteLine shows a line of an engine's output in a message: quoted, cut
// after 60 bytes.
func quoteLine(s string) string {
	if len(s) > 60 {
		return strconv.Quote(s[:60]) + "..."
	}
	return strconv.Quote(s)
}

// LineReader reads the lines of an engine's output, without their line
// endings (LF or CRLF), refusing lines longer than MaxLine.
type LineReader struct {
	r    *bufio.Reader
	long bool // the last line was refused before its end
}

// NewLineReader reads lines from r.
func NewLineReader(r io.Reader) *LineReader {
	return &LineReader{r: bufio.NewReaderSize(r, 4096)}
}

// ReadLine returns the next line. At the end of the input it returns
// io.EOF (after the last line, even one without a newline).
func (l *LineReader) ReadLine() (string, error) {
	var buf []byte
	for {
		chunk, err := l.r.ReadSlice('\n')
		buf = append(buf, chunk...)
		if len(buf) > MaxLine {
			l.long = errors.Is(err, bufio.ErrBufferFull)
			return "", fmt.Errorf("%w: a line of more than %d bytes", ErrMalformed, MaxLine)
		}
		switch {
		case err == nil:
			return strings.TrimRight(string(buf), "\r\n"), nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF) && len(buf) > 0:
			return strings.TrimRight(string(buf), "\r\n"), nil
		default:
			return "", err
		}
	}
}

// SkipLong skips the rest of a line ReadLine refused as too long (it may
// never end: the caller decides whether to wait for it).
func (l *LineReader) SkipLong() error {
	for l.long {
		_, err := l.r.ReadSlice('\n')
		switch {
		case err == nil:
			l.long = false
		case !errors.Is(err, bufio.ErrBufferFull):
			l.long = false
			return err
		}
	}
	return nil
}
