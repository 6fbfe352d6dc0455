package ai

import (
	"fmt"
	"runtime/debug"
)

// PanicError is a panic recovered from a search, a game or a command,
// with the stack where it happened: a bug, which the command line reports
// with a status of its own (never that of bad input) and the app as an
// error instead of dying.
type PanicError struct {
	Value any
	Stack []byte
}

func (p *PanicError) Error() string { return fmt.Sprintf("internal error: %v", p.Value) }

// Recover, deferred directly (defer ai.Recover(&err)), turns a panic of
// the function into a *PanicError in *err. On goroutines other than the
// main one it keeps a bug in one game or one helper thread from ending the
// whole process with the runtime's status.
func Recover(err *error) {
	if r := recover(); r != nil {
		*err = &PanicError{Value: r, Stack: debug.Stack()}
	}
}
