package cli

import (
	"context"
	"errors"
	"io"
	"os"
	"sync"

	"boardgames/internal/nowait"
)

// openRegular opens a file the command line names for reading (what names
// it: "-input", "-bots", "the shard"), never waiting on it: a named pipe, a
// device, a socket or a folder is refused at once with its kind ("-input
// mf: a named pipe, not a regular file"), bad input like a missing file.
func openRegular(what, name string) (*os.File, error) {
	f, err := nowait.Open(name)
	var nr *nowait.NotRegularError
	switch {
	case errors.As(err, &nr):
		return nil, badInputf("%s %v", what, err)
	case err != nil:
		return nil, badInputf("%s %s: %v", what, name, unwrapPath(err))
	}
	return f, nil
}

// unwrapPath is the system's reason of a file error, without the
// operation and path that the message already gives.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// readAllStdin reads r (standard input, where a pipe is meant) whole, at
// most limit+1 bytes, in a goroutine of its own, so that Ctrl+C is heard
// while a read waits on a terminal or on a pipe whose writer is silent.
// Stopped, it returns ctx's error; the abandoned read ends with the
// process.
func readAllStdin(ctx context.Context, r io.Reader, limit int64) ([]byte, error) {
	type result struct {
		data []byte
		err  error
	}
	done := make(chan result, 1)
	go func() {
		data, err := io.ReadAll(io.LimitReader(r, limit+1))
		done <- result{data, err}
	}()
	select {
	case res := <-done:
		return res.data, res.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// The named pipes given as outputs, held open for writing from the check
// of the command line to the end of Run (see holdPipe).
var held struct {
	sync.Mutex
	files []*os.File
}

// holdPipe is checkOutput's rule for a named pipe: opening one for
// writing waits for a reader, deaf to Ctrl+C, so a pipe with no reader is
// refused at once; one with a reader is held open, so that it keeps its
// reader until the command writes to it at the end.
func holdPipe(name string) error {
	st, err := os.Stat(name)
	if err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		return nil
	}
	f, err := openPipeWriter(name)
	if err != nil {
		return badInputf("%s: a named pipe with no reader: start its reader first, or write to a file", name)
	}
	held.Lock()
	held.files = append(held.files, f)
	held.Unlock()
	return nil
}

// releasePipes closes the pipes holdPipe held: their readers see the end.
func releasePipes() {
	held.Lock()
	defer held.Unlock()
	for _, f := range held.files {
		f.Close()
	}
	held.files = nil
}
