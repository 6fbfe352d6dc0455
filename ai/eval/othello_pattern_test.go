package eval

import (
	"bytes"
	"math/bits"
	"math/rand/v2"
	"testing"

	"boardgames/rules"
	"boardgames/rules/othello"
)

func TestSymmetries(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 1000 {
		b := rng.Uint64()
		s := symmetries(b)
		for k := range 8 {
			if s[k] != transform(b, k) {
				t.Fatalf("symmetry %d of %#x: %#x, want %#x", k, b, s[k], transform(b, k))
			}
		}
	}
}

// naiveFeatures is othelloRawFeatures written square by square: each
// kind's squares (its first instance) read on the board seen through the
// symmetries of its instances, in the order of othelloRawFeatures.
func naiveFeatures(own, opp uint64) (f [OthelloFeatures]int32) {
	type sq struct{ r, c int }
	row := func(r, n int) []sq {
		var s []sq
		for c := range n {
			s = append(s, sq{r, c})
		}
		return s
	}
	diagonal := func(k int) []sq {
		var s []sq
		for r := 0; r+k < 8; r++ {
			s = append(s, sq{r, r + k})
		}
		return s
	}
	var c3 []sq
	for r := range 3 {
		c3 = append(c3, row(r, 3)...)
	}
	kinds := []struct {
		kind    int
		squares []sq
		syms    []int
	}{
		{pkEdge2X, append(row(0, 8), sq{1, 1}, sq{1, 6}), []int{0, 2, 4, 5}},
		{pkLine2, row(1, 8), []int{0, 2, 4, 5}},
		{pkLine3, row(2, 8), []int{0, 2, 4, 5}},
		{pkLine4, row(3, 8), []int{0, 2, 4, 5}},
		{pkCorner3x3, c3, []int{0, 1, 2, 3}},
		{pkCorner2x5, append(row(0, 5), row(1, 5)...), []int{0, 1, 2, 3, 4, 5, 6, 7}},
		{pkDiag8, diagonal(0), []int{0, 1}},
		{pkDiag7, diagonal(1), []int{0, 4, 1, 5}},
		{pkDiag6, diagonal(2), []int{0, 4, 1, 5}},
		{pkDiag5, diagonal(3), []int{0, 4, 1, 5}},
		{pkDiag4, diagonal(4), []int{0, 4, 1, 5}},
	}
	n := 0
	for _, k := range kinds {
		if len(k.squares) != patternKinds[k.kind].digits {
			panic("naiveFeatures: wrong square count")
		}
		for _, s := range k.syms {
			o, p := transform(own, s), transform(opp, s)
			idx, pw := 0, 1
			for _, q := range k.squares {
				bit := uint64(1) << (q.r*8 + q.c)
				switch {
				case o&bit != 0:
					idx += pw
				case p&bit != 0:
					idx += 2 * pw
				}
				pw *= 3
			}
			f[n] = layout.offset[k.kind] + int32(idx)
			n++
		}
	}
	x := layout.offset[numPatternKinds]
	mob := func(a, b uint64) int32 {
		return int32(min(bits.OnesCount64(othello.MoveMask(a, b)), mobilityCap-1))
	}
	f[n] = x + mob(own, opp)
	f[n+1] = x + mobilityCap + mob(opp, own)
	f[n+2] = x + 2*mobilityCap + int32((64-bits.OnesCount64(own|opp))%2)
	pot := func(a, b uint64) int32 {
		n := 0
		for sq := range 64 {
			if (a|b)>>sq&1 != 0 {
				continue
			}
			r, c := sq/8, sq%8
			next := false
			for dr := -1; dr <= 1; dr++ {
				for dc := -1; dc <= 1; dc++ {
					rr, cc := r+dr, c+dc
					if (dr != 0 || dc != 0) && rr >= 0 && rr < 8 && cc >= 0 && cc < 8 && b>>(rr*8+cc)&1 != 0 {
						next = true
					}
				}
			}
			if next {
				n++
			}
		}
		return int32(min(n, potentialCap-1))
	}
	x += 2*mobilityCap + 2
	f[n+3] = x + pot(own, opp)
	f[n+4] = x + potentialCap + pot(opp, own)
	return f
}

func TestOthelloFeatures(t *testing.T) {
	if n := 0; true {
		for _, pk := range patternKinds {
			n += pow3(pk.digits)
		}
		if got := int(layout.offset[numPatternKinds]); got != n {
			t.Fatalf("pattern tables end at %d, want %d", got, n)
		}
	}
	for _, p := range randomPositions(othello.Start(), 21, games(100, 10)) {
		own, opp := othelloSides(p)
		var got [OthelloFeatures]int32
		othelloRawFeatures(own, opp, &got)
		if want := naiveFeatures(own, opp); got != want {
			t.Fatalf("%v:\nfeatures %v\nwant     %v", p, got, want)
		}
	}
}

// randomWeights returns Othello weights with random values.
func randomWeights(seed uint64) *Weights {
	rng := rand.New(rand.NewPCG(seed, 7))
	w := &Weights{Model: OthelloModel, Phases: OthelloPhases, Params: OthelloParams()}
	w.Values = make([]int16, w.Phases*w.Params)
	for i := range w.Values {
		w.Values[i] = int16(rng.IntN(201) - 100)
	}
	return w
}

func TestOthelloPatternSymmetric(t *testing.T) {
	f, err := OthelloPattern(randomWeights(3))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range randomPositions(othello.Start(), 22, games(40, 5)) {
		black, white := p.Bitboards()
		want := f(p)
		for k := 1; k < 8; k++ {
			q := mustOthello(t, rules.FormatBoard(transform(black, k), transform(white, k)), sideName(p.ToMove()))
			if got := f(q); got != want {
				t.Fatalf("symmetry %d of %v gives %d, want %d", k, p, got, want)
			}
		}
		q := mustOthello(t, rules.FormatBoard(white, black), sideName(p.ToMove().Other()))
		if got := f(q); got != want {
			t.Fatalf("colours swapped in %v give %d, want %d", p, got, want)
		}
	}
}

func TestOthelloFeatureIndices(t *testing.T) {
	// The evaluation is the sum of the parameters the indices name.
	w := randomWeights(4)
	f, _ := OthelloPattern(w)
	for _, p := range randomPositions(othello.Start(), 23, games(20, 3)) {
		own, opp := othelloSides(p)
		var idx [OthelloFeatures]int32
		OthelloFeatureIndices(own, opp, &idx)
		params := w.Phase(OthelloPhase(p.Empties()))
		sum := 0
		for _, i := range idx {
			sum += int(params[i])
		}
		if got := f(p); got != sum {
			t.Fatalf("%v: evaluation %d, sum of the parameters %d", p, got, sum)
		}
	}
}

func TestWeightsRoundTrip(t *testing.T) {
	w := randomWeights(5)
	var buf bytes.Buffer
	if _, err := w.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	r, err := ReadWeights(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if r.Model != w.Model || r.Phases != w.Phases || r.Params != w.Params || !equalInt16(r.Values, w.Values) {
		t.Fatal("weights changed in a round trip")
	}
	// Damaged files are refused, never half read.
	for _, bad := range [][]byte{nil, data[:len(data)/2], []byte("BGW1 not gzip")} {
		if _, err := ReadWeights(bytes.NewReader(bad)); err == nil {
			t.Errorf("a damaged file of %d bytes was read", len(bad))
		}
	}
	other := *w
	other.Model = "checkers-learned/1"
	if _, err := OthelloPattern(&other); err == nil {
		t.Error("weights of another model were accepted")
	}
}

func equalInt16(a, b []int16) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func BenchmarkOthelloPattern(b *testing.B) {
	f, _ := OthelloPattern(randomWeights(6))
	ps := randomPositions(othello.Start(), 51, 20)
	b.ReportAllocs()
	s, i := 0, 0
	for b.Loop() {
		s += f(ps[i])
		if i++; i == len(ps) {
			i = 0
		}
	}
	benchSink += s
}
