package eval

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"sync"
)

// Weights are the fitted parameters of a learned evaluation: Phases rows
// of Params values, in the evaluation's units (see DiscUnit for Othello
// and CheckersUnit for checkers). Package ai/learn fits them; the shipped
// ones are embedded from assets/weights.
type Weights struct {
	// Model names the evaluation and the version of its features, so
	// that weights fitted for other features are refused.
	Model  string
	Phases int
	Params int
	Values []int16 // Phases × Params, phase by phase
}

// Phase returns the values of phase p.
func (w *Weights) Phase(p int) []int16 { return w.Values[p*w.Params : (p+1)*w.Params] }

// weightsMagic starts every weights file (inside its gzip stream).
const weightsMagic = "BGW1"

// maxWeights bounds the values a file may declare (64 Mi values).
const maxWeights = 1 << 26

// WriteTo writes w as a gzip-compressed file: the magic "BGW1", the model
// name (a length byte and its bytes), the phases and the parameters per
// phase (uint32 each), then the values as little-endian int16.
func (w *Weights) WriteTo(out io.Writer) (int64, error) {
	if err := w.check(); err != nil {
		return 0, err
	}
	cw := &countWriter{w: out}
	z, err := gzip.NewWriterLevel(cw, gzip.BestCompression)
	if err != nil {
		return 0, err
	}
	b := bufio.NewWriter(z)
	b.WriteString(weightsMagic)
	b.WriteByte(byte(len(w.Model)))
	b.WriteString(w.Model)
	var n [4]byte
	binary.LittleEndian.PutUint32(n[:], uint32(w.Phases))
	b.Write(n[:])
	binary.LittleEndian.PutUint32(n[:], uint32(w.Params))
	b.Write(n[:])
	var v [2]byte
	for _, x := range w.Values {
		binary.LittleEndian.PutUint16(v[:], uint16(x))
		b.Write(v[:])
	}
	if err := b.Flush(); err != nil {
		return cw.n, err
	}
	err = z.Close()
	return cw.n, err
}

// ReadWeights reads a file written by WriteTo.
func ReadWeights(r io.Reader) (*Weights, error) {
	z, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("eval: weights: %w", err)
	}
	b := bufio.NewReader(z)
	var head [5]byte
	if _, err := io.ReadFull(b, head[:]); err != nil || string(head[:4]) != weightsMagic {
		return nil, errors.New("eval: weights: not a weights file")
	}
	name := make([]byte, head[4])
	var dims [8]byte
	if _, err := io.ReadFull(b, name); err != nil {
		return nil, fmt.Errorf("eval: weights: %w", err)
	}
	if _, err := io.ReadFull(b, dims[:]); err != nil {
		return nil, fmt.Errorf("eval: weights: %w", err)
	}
	w := &Weights{
		Model:  string(name),
		Phases: int(binary.LittleEndian.Uint32(dims[:4])),
		Params: int(binary.LittleEndian.Uint32(dims[4:])),
	}
	if w.Phases <= 0 || w.Params <= 0 || w.Phases*w.Params > maxWeights {
		return nil, fmt.Errorf("eval: weights: %d phases of %d values", w.Phases, w.Params)
	}
	raw := make([]byte, 2*w.Phases*w.Params)
	if _, err := io.ReadFull(b, raw); err != nil {
		return nil, fmt.Errorf("eval: weights: %w", err)
	}
	if _, err := b.ReadByte(); err != io.EOF {
		return nil, errors.New("eval: weights: data after the values")
	}
	w.Values = make([]int16, w.Phases*w.Params)
	for i := range w.Values {
		w.Values[i] = int16(binary.LittleEndian.Uint16(raw[2*i:]))
	}
	return w, nil
}

// check reports weights whose dimensions do not add up.
func (w *Weights) check() error {
	switch {
	case len(w.Model) > 255:
		return fmt.Errorf("eval: weights: model name of %d bytes", len(w.Model))
	case w.Phases <= 0 || w.Params <= 0 || len(w.Values) != w.Phases*w.Params:
		return fmt.Errorf("eval: weights: %d values for %d phases of %d", len(w.Values), w.Phases, w.Params)
	}
	return nil
}

// expect reports weights that are not for the model with the given
// dimensions.
func (w *Weights) expect(model string, phases, params int) error {
	if err := w.check(); err != nil {
		return err
	}
	if w.Model != model || w.Phases != phases || w.Params != params {
		return fmt.Errorf("eval: weights for %s (%d×%d), want %s (%d×%d)",
			w.Model, w.Phases, w.Params, model, phases, params)
	}
	return nil
}

// countWriter counts the bytes written through it.
type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// shippedWeights returns a function that reads the shipped weights data
// (assets/weights) of the evaluation what into its tables with build, on
// its first call, and returns them ever after. The shipped files are
// tested, so a failure is the build's fault and panics.
func shippedWeights[T any](what string, data []byte, build func(*Weights) (T, error)) func() T {
	return sync.OnceValue(func() T {
		w, err := ReadWeights(bytes.NewReader(data))
		var t T
		if err == nil {
			t, err = build(w)
		}
		if err != nil {
			panic("eval: the shipped " + what + " weights: " + err.Error())
		}
		return t
	})
}
