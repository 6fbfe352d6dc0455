package gtp

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Handler runs one command and returns the text of its reply; an error
// becomes a failure reply ("? message").
type Handler func(args []string) (string, error)

// The standard failure messages of GTP v2 (section 2.7 of the
// specification), for handlers to return.
var (
	ErrSyntax         = errors.New("syntax error")
	ErrUnknownCommand = errors.New("unknown command")
	ErrIllegalMove    = errors.New("illegal move")
	ErrCannotUndo     = errors.New("cannot undo")
	ErrBadSize        = errors.New("unacceptable size")
)

// Server is the engine's side of the protocol: it reads commands, runs
// their handlers and writes the replies. NewServer gives it the
// administrative commands every engine has (protocol_version, name,
// version, known_command, list_commands, quit); Handle adds others.
type Server struct {
	name, version string
	handlers      map[string]Handler
	quit          bool
}

// NewServer returns a server with the administrative commands.
func NewServer(name, version string) *Server {
	s := &Server{name: name, version: version, handlers: map[string]Handler{}}
	s.Handle("protocol_version", func([]string) (string, error) { return "2", nil })
	s.Handle("name", func([]string) (string, error) { return s.name, nil })
	s.Handle("version", func([]string) (string, error) { return s.version, nil })
	s.Handle("known_command", func(args []string) (string, error) {
		if len(args) != 1 {
			return "", ErrSyntax
		}
		_, ok := s.handlers[args[0]]
		return fmt.Sprint(ok), nil
	})
	s.Handle("list_commands", func([]string) (string, error) { return strings.Join(s.Commands(), "\n"), nil })
	s.Handle("quit", func([]string) (string, error) {
		s.quit = true
		return "", nil
	})
	return s
}

// Handle adds (or replaces) a command.
func (s *Server) Handle(name string, h Handler) { s.handlers[name] = h }

// Commands lists the server's commands in alphabetical order.
func (s *Server) Commands() []string {
	names := make([]string, 0, len(s.handlers))
	for n := range s.handlers {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// Execute runs one line of input and returns the reply to write: "" for a
// line that holds no command (empty, or only a comment). quit reports
// whether the line was the quit command.
func (s *Server) Execute(line string) (reply string, quit bool) {
	line = Preprocess(line)
	if line == "" {
		return "", false
	}
	c, err := ParseCommand(line)
	if err != nil {
		return FormatResponse(c, false, ErrSyntax.Error()), false
	}
	h, ok := s.handlers[c.Name]
	if !ok {
		return FormatResponse(c, false, ErrUnknownCommand.Error()), false
	}
	text, err := h(c.Args)
	if err != nil {
		return FormatResponse(c, false, err.Error()), false
	}
	q := s.quit
	s.quit = false
	return FormatResponse(c, true, text), q
}

// Serve reads commands from r and writes replies to w until the quit
// command or the end of r (which ends it as quit would, without a reply).
// It returns nil then, or the first read or write error.
func (s *Server) Serve(r io.Reader, w io.Writer) error {
	lr := NewLineReader(r)
	for {
		l, err := lr.ReadLine()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if errors.Is(err, ErrMalformed) { // a line too long: refuse it, go on
			if err := lr.SkipLong(); err != nil {
				return nil
			}
			if _, err := io.WriteString(w, FormatResponse(Command{}, false, "line too long")); err != nil {
				return err
			}
			continue
		}
		if err != nil {
			return err
		}
		reply, quit := s.Execute(l)
		if reply != "" {
			if _, err := io.WriteString(w, reply); err != nil {
				return err
			}
			if f, ok := w.(interface{ Flush() error }); ok {
				if err := f.Flush(); err != nil {
					return err
				}
			}
		}
		if quit {
			return nil
		}
	}
}
