package gtp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
)

// Client is the controller's side of the protocol: it sends commands to an
// engine and reads its replies, one command at a time. It sends no ids
// (GTP makes them optional), so a reply such as "= 4" is never mistaken
// for an id. A Client is not safe for concurrent use.
//
// Once a command has failed in a way that leaves the conversation out of
// step (no reply in time, a malformed reply, the engine's output closed),
// every later command fails with the same error: the engine is broken and
// its process should be stopped.
type Client struct {
	w      io.Writer
	lines  chan line
	done   chan struct{}
	once   sync.Once
	broken error
	// Transcript, if not nil, gets every command ("> play b f5"), every
	// line of every reply ("< = ") and every line skipped before a reply
	// ("~ thinking..."), for logs and tests.
	Transcript func(line string)
	// Strict makes a line before a reply that does not start one a
	// malformed reply; without it such lines (an engine's progress
	// messages on standard output, as Edax prints) are skipped.
	Strict bool
	// Skipped counts the lines skipped before replies.
	Skipped int
}

// line is one line of the engine's output, or the error that ended it.
type line struct {
	text string
	err  error
}

// ErrClosed is returned once the engine's output has ended (the engine
// exited or closed its standard output).
var ErrClosed = errors.New("the engine's output ended")

// Failure is an engine's failure reply ("? illegal move").
type Failure struct {
	Command string // the command, as sent
	Message string // the engine's message
}

func (f *Failure) Error() string {
	return fmt.Sprintf("%s: the engine answered ? %s", f.Command, f.Message)
}

// NewClient talks to an engine that reads commands from w and writes
// replies to r. A goroutine reads r until it ends or Close is called; the
// caller must close r (or end the engine) for it to return.
func NewClient(r io.Reader, w io.Writer) *Client {
	c := &Client{w: w, lines: make(chan line), done: make(chan struct{})}
	go c.read(NewLineReader(r))
	return c
}

func (c *Client) read(lr *LineReader) {
	for {
		s, err := lr.ReadLine()
		if errors.Is(err, io.EOF) {
			err = ErrClosed
		}
		select {
		case c.lines <- line{s, err}:
		case <-c.done:
			return
		}
		if err != nil {
			return
		}
	}
}

// Close stops the reading goroutine once it can (it may be blocked in a
// read of r until r is closed). It does not send quit.
func (c *Client) Close() {
	c.once.Do(func() { close(c.done) })
}

// Broken returns the error that left the conversation out of step, or nil.
func (c *Client) Broken() error { return c.broken }

// Send sends one command and waits for its reply, at most until ctx ends.
// It returns the reply's text; a failure reply is a *Failure (the
// conversation goes on); no reply in time, a malformed reply and the end
// of the engine's output break the client.
func (c *Client) Send(ctx context.Context, name string, args ...string) (string, error) {
	if c.broken != nil {
		return "", c.broken
	}
	cmd := Command{Name: name, Args: args}
	text := cmd.String()
	if strings.ContainsAny(text, "\n\r") {
		return "", fmt.Errorf("gtp: command %q spans lines", text)
	}
	if c.Transcript != nil {
		c.Transcript("> " + text)
	}
	if _, err := io.WriteString(c.w, text+"\n"); err != nil {
		c.broken = fmt.Errorf("%s: cannot write to the engine: %w", text, err)
		return "", c.broken
	}
	lines, err := c.readReply(ctx)
	if err != nil {
		c.broken = fmt.Errorf("%s: %w", text, err)
		return "", c.broken
	}
	r, err := ParseReply(lines)
	if err != nil {
		c.broken = fmt.Errorf("%s: %w", text, err)
		return "", c.broken
	}
	if !r.OK {
		return "", &Failure{Command: text, Message: r.Text}
	}
	return r.Text, nil
}

// readReply collects the lines of one reply up to the empty line that
// ends it; empty lines before it starts are skipped, and so are other
// lines that do not start a reply unless the client is Strict.
func (c *Client) readReply(ctx context.Context) ([]string, error) {
	var lines []string
	for {
		var l line
		select {
		case l = <-c.lines:
		case <-ctx.Done():
			return nil, fmt.Errorf("no reply in time (%w)", ctx.Err())
		}
		if l.err != nil {
			if len(lines) > 0 && errors.Is(l.err, ErrClosed) {
				return nil, fmt.Errorf("%w: the output ended inside a reply", ErrMalformed)
			}
			return nil, l.err
		}
		if strings.TrimSpace(l.text) == "" {
			if c.Transcript != nil {
				c.Transcript("< " + l.text)
			}
			if len(lines) == 0 {
				continue
			}
			return lines, nil
		}
		if len(lines) == 0 && !c.Strict && !startsReply(l.text) {
			c.Skipped++
			if c.Transcript != nil {
				c.Transcript("~ " + l.text)
			}
			continue
		}
		if c.Transcript != nil {
			c.Transcript("< " + l.text)
		}
		if len(lines) == MaxReplyLines {
			return nil, fmt.Errorf("%w: a reply of more than %d lines", ErrMalformed, MaxReplyLines)
		}
		lines = append(lines, l.text)
	}
}

// startsReply reports whether a line starts a reply: '=' or '?' first.
func startsReply(s string) bool { return s != "" && (s[0] == '=' || s[0] == '?') }
