package records

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"runtime/metrics"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"boardgames/rules/games"
)

// sample is a text of games written one by one, with where each starts.
type sample struct {
	text   string
	starts []int // the byte each game's text starts at
	bad    map[int]bool
	game   *games.Game
}

// makeSample writes n random games of the format f, some with comments
// (in PDN, one spanning lines and one in a variation), every tenth one
// spoilt by a move that is not legal.
func makeSample(tb testing.TB, f Format, n int, seed uint64) sample {
	tb.Helper()
	name := map[Format]string{PDN: "checkers", GGF: "othello", Transcript: "connect4"}[f]
	g, err := games.Lookup(name)
	if err != nil {
		tb.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 7))
	std, _ := g.Start(games.Settings{})
	s := sample{game: g, bad: map[int]bool{}}
	var b strings.Builder
	for i := range n {
		rec := games.NewRecord(std)
		for k := 0; k < 10+r.IntN(80); k++ {
			legal := rec.Legal()
			if len(legal) == 0 {
				break
			}
			if err := rec.Play(legal[r.IntN(len(legal))]); err != nil {
				tb.Fatal(err)
			}
		}
		game := NewGame(g, games.Settings{}, rec)
		game.N = i + 1
		switch f {
		case PDN:
			game.Tags = []Tag{{"Event", fmt.Sprintf("Sample %d", i+1)}, {"Black", "Ana"}, {"White", "Bo"}}
			game.Comments = []Comment{{Ply: 1, Text: "a note on the first move"}, {Ply: rec.Len(), Text: fmt.Sprintf("over after %d moves", rec.Len())}}
		case GGF:
			game.Tags = []Tag{{"PC", fmt.Sprintf("GGS/os %d", i+1)}, {"PB", "Ana"}, {"PW", "Bo"}}
			game.Evals = []Comment{{Ply: 0, Text: "0.50/1.25"}, {Ply: 1, Text: "-1.00/3.10"}}
		}
		var one strings.Builder
		if err := Write(&one, f, []Game{game}); err != nil {
			tb.Fatal(err)
		}
		text := one.String()
		switch {
		case i%10 == 9: // a move from an empty square, or a column that is full
			s.bad[i+1] = true
			text = map[Format]string{
				PDN:        "[Event \"Spoilt\"]\n1. 11-15 23-19 2. 19-23 *\n",
				GGF:        "(;GM[Othello]PC[spoilt]B[f5]B[d6];)\n",
				Transcript: "4444444\n",
			}[f]
		case f == PDN && i%7 == 3: // a comment over several lines, a variation
			text = strings.Replace(text, "{a note on the first move}", "{a note\non three\nlines} (2. 8-11 {inside (a) variation}\n 22-17)", 1)
		case f == GGF && i%3 == 0:
			text = fmt.Sprintf("%d %s", i+1, text) // a GGS archive's count
		}
		if f == PDN {
			b.WriteByte('\n')
		}
		s.starts = append(s.starts, b.Len())
		b.WriteString(text)
	}
	s.text = b.String()
	return s
}

// lineOf is the line of byte i of text.
func lineOf(text string, i int) int { return strings.Count(text[:i], "\n") + 1 }

// A Scanner reading a text of hundreds of kilobytes a byte at a time
// gives every game, good and bad, with its number, line and offset, as
// reading each game's text alone gives it; ReadAt reads each again from
// its offset.
func TestScannerReadsGameByGame(t *testing.T) {
	for _, f := range []Format{PDN, GGF, Transcript} {
		t.Run(string(f), func(t *testing.T) {
			total := 700
			if f == Transcript {
				total = 9000
			}
			s := makeSample(t, f, total, 1)
			if len(s.text) < 2*chunk {
				t.Fatalf("the sample is %d bytes: too short to cross pieces", len(s.text))
			}
			sc := NewScanner(f, iotest.OneByteReader(strings.NewReader(s.text)), s.game, games.Settings{})
			n := 0
			for sc.Scan() {
				it := sc.Item()
				n++
				if it.N() != n {
					t.Fatalf("item %d is numbered %d", n, it.N())
				}
				start := s.starts[n-1]
				if f == GGF {
					start += strings.Index(s.text[start:], "(;")
				}
				if it.Offset != int64(start) || it.Line != lineOf(s.text, start) {
					t.Fatalf("game %d at byte %d line %d, want %d line %d", n, it.Offset, it.Line, start, lineOf(s.text, start))
				}
				if (it.Bad != nil) != s.bad[n] {
					t.Fatalf("game %d: bad %v, want %v", n, it.Bad, s.bad[n])
				}
				end := len(s.text)
				if n < len(s.starts) {
					end = s.starts[n]
				}
				alone, abad, err := ReadEach(f, s.text[s.starts[n-1]:end], s.game, games.Settings{})
				if err != nil {
					t.Fatal(err)
				}
				if it.Bad != nil {
					if len(abad) != 1 || abad[0].Reason() != it.Bad.Reason() {
						t.Fatalf("game %d: %v, alone %v", n, it.Bad, abad)
					}
					continue
				}
				got := it.Game
				if len(alone) != 1 || !slices.Equal(alone[0].Record.Moves(), got.Record.Moves()) ||
					!slices.Equal(alone[0].Comments, got.Comments) || !slices.Equal(alone[0].Evals, got.Evals) ||
					!slices.Equal(alone[0].Tags, got.Tags) || len(alone[0].Warnings) != len(got.Warnings) {
					t.Fatalf("game %d: streamed %v %v %v, alone %v", n, got.Record, got.Comments, got.Tags, alone)
				}
				if n%50 == 7 {
					again, err := ReadAt(f, strings.NewReader(s.text), it.Offset, n, it.Line, s.game, games.Settings{})
					if err != nil || again.Offset != it.Offset || !slices.Equal(again.Game.Record.Moves(), got.Record.Moves()) ||
						!slices.Equal(again.Game.Comments, got.Comments) {
						t.Fatalf("game %d read again at %d: %v, %v", n, it.Offset, again.Game.Record, err)
					}
				}
			}
			if sc.Err() != nil || n != total {
				t.Fatalf("%d games, %v", n, sc.Err())
			}
			if _, err := ReadAt(f, strings.NewReader(s.text), int64(len(s.text)), 3, 9, s.game, games.Settings{}); err == nil {
				t.Error("ReadAt read a game past the end")
			}
		})
	}
}

// A comment never closed rejects its game after a bounded look ahead
// (here over a megabyte without a "}"), and the games after it are read; a line longer than MaxLine stops the
// reading with a message.
func TestScannerLimits(t *testing.T) {
	game := "[Event \"Short\"]\n1. 11-15 23-19 1/2-1/2\n"
	n := (MaxGameText + 2*chunk) / len(game)
	text := "[Event \"Open\"]\n1. 11-15 {never closed\n" + strings.Repeat(game, n)
	sc := NewScanner(PDN, strings.NewReader(text), nil, games.Settings{})
	var good, bad int
	var first *Rejected
	for sc.Scan() {
		if it := sc.Item(); it.Bad != nil {
			bad++
			if first == nil {
				first = it.Bad
			}
		} else {
			good++
		}
	}
	if sc.Err() != nil || first == nil || first.N != 1 || !strings.Contains(first.Reason(), "a comment { is not closed within 1 MiB") {
		t.Fatalf("first rejected %v, err %v", first, sc.Err())
	}
	if bad != 1 || good != n {
		t.Errorf("%d good, %d bad; want %d and 1", good, bad, n)
	}
	// A game of endless comments is rejected once past 1 MiB; the next
	// game is read.
	notes := "[Event \"Talk\"]\n1. 11-15 " + strings.Repeat("{words words words}\n", MaxGameText/10) + "23-19 *\n" + game
	sc = NewScanner(PDN, strings.NewReader(notes), nil, games.Settings{})
	var items []Item
	for sc.Scan() {
		items = append(items, sc.Item())
	}
	if sc.Err() != nil || len(items) != 2 || items[0].Bad == nil || !strings.Contains(items[0].Bad.Reason(), "the game's text is longer than 1 MiB") ||
		items[1].Bad != nil || items[1].Game.Tag("Event") != "Short" {
		t.Errorf("a game of endless comments: %v, %v", items, sc.Err())
	}

	long := "4453\n" + strings.Repeat("4", MaxLine+10) + "\n"
	sc = NewScanner(Transcript, strings.NewReader(long), mustGame(t, "connect4"), games.Settings{})
	for sc.Scan() {
	}
	if err := sc.Err(); err == nil || !strings.Contains(err.Error(), "line 2 is longer than 1 MiB") {
		t.Errorf("a long line: %v", err)
	}
}

// repeatReader gives a text times times over, never holding more than it.
type repeatReader struct {
	text  string
	times int
	at    int
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.times == 0 {
		return 0, io.EOF
	}
	n := copy(p, r.text[r.at:])
	if r.at += n; r.at == len(r.text) {
		r.at, r.times = 0, r.times-1
	}
	return n, nil
}

// BenchmarkScan reads files of 1,000 and 10,000 PDN games (and GGF ones)
// from a reader that never holds them whole: B/game and allocs/game stay
// flat as the file grows, and live-MiB (the most the heap held live at a
// collection, sampled every 500 games) does not grow with it.
func BenchmarkScan(b *testing.B) {
	for _, f := range []Format{PDN, GGF} {
		s := makeSample(b, f, 100, 3)
		for _, n := range []int{1000, 10_000} {
			b.Run(fmt.Sprintf("%s/games=%d", f, n), func(b *testing.B) {
				var before, after runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&before)
				var peak uint64
				live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
				for b.Loop() {
					sc := NewScanner(f, &repeatReader{text: s.text, times: n / 100}, s.game, games.Settings{})
					k := 0
					for sc.Scan() {
						if k++; k%500 == 0 {
							metrics.Read(live)
							peak = max(peak, live[0].Value.Uint64())
						}
					}
					if sc.Err() != nil || k != n {
						b.Fatalf("%d games, %v", k, sc.Err())
					}
				}
				runtime.ReadMemStats(&after)
				games := float64(b.N * n)
				b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/games, "B/game")
				b.ReportMetric(float64(after.Mallocs-before.Mallocs)/games, "allocs/game")
				b.ReportMetric(float64(peak)/(1<<20), "live-MiB")
			})
		}
	}
}

// itemsOf reads every item of text in pieces of about size bytes, as a
// comparable text: each game's number, line, byte, moves, comments,
// evaluations, tags and warnings, or its rejection; then the error.
func itemsOf(t *testing.T, f Format, text string, g *games.Game, size int) string {
	t.Helper()
	old := chunk
	chunk = size
	defer func() { chunk = old }()
	var b strings.Builder
	sc := NewScanner(f, iotest.HalfReader(strings.NewReader(text)), g, games.Settings{})
	for sc.Scan() {
		it := sc.Item()
		fmt.Fprintf(&b, "%d line %d byte %d: ", it.N(), it.Line, it.Offset)
		if it.Bad != nil {
			fmt.Fprintf(&b, "bad line %d: %v\n", it.Bad.Line, it.Bad.Err)
			continue
		}
		x := it.Game
		fmt.Fprintf(&b, "%s %s %v %v %v %v %v\n", x.Record.Start(), x.Record, x.Comments, x.Evals, x.Tags, x.Final(), x.Warnings)
	}
	fmt.Fprintf(&b, "error: %v\n", sc.Err())
	return b.String()
}

// The pieces a text is read in change nothing: files read in pieces of
// 1 to 97 bytes give the games, lines, bytes, faults and errors that
// they give read in one piece, for texts with what spans lines
// (comments, variations, escaped lines, GGS counts) and broken ones.
func TestScannerPiecesChangeNothing(t *testing.T) {
	texts := []struct {
		f    Format
		game string
		text string
	}{
		{PDN, "", "\ufeff[Event \"a\"]\n% an escaped line {\n1. 11-15 {a note\nover lines} 23-19 (2. 8-11 {in (a) variation}\n22-17) 2. 8-11 *\n%escaped [\n[Event \"b\"]\n1. 11-15 23-19 1-0 {after}\n"},
		{PDN, "", "1. 11-15 23-19 {never closed\n2. 8-11 22-17 *\n[Event \"c\"] 1. 9-13 *"},
		{PDN, "", "[Event \"d\" 1. 11-15 *\n[Event \"e\"]\n1. 11-15 ( 2. 8-11\n"},
		{PDN, "", "1. 11-15 23-19 ) 2. 8-11 *\r\n[Event \"f\"]\r\n1. 10x14 *"},
		{GGF, "", "1 (;GM[Othello]PB[a\nb]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5/1/2]W[d6];)\n2 (;GM[Othello]B[a1];)\n(;GM[Othello]B[f5]"},
		{GGF, "", "(;GM[Othello]B[f5];)\n12\n(;GM[Othello]B[f5]W[d6];) junk (;GM[Othello];)"},
		{Transcript, "connect4", "4453\r\n# a note\n\n44444\n4444444\n4453 12\n*\n123"},
	}
	for _, name := range []string{"club.pdn", "tinsley_excerpt.pdn", "club.ggf"} {
		data, err := os.ReadFile("testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		f := PDN
		if strings.HasSuffix(name, ".ggf") {
			f = GGF
		}
		texts = append(texts, struct {
			f    Format
			game string
			text string
		}{f, "", string(data)})
	}
	for i, c := range texts {
		var g *games.Game
		if c.game != "" {
			g = mustGame(t, c.game)
		}
		whole := itemsOf(t, c.f, c.text, g, 1<<20)
		for _, size := range []int{1, 2, 3, 5, 8, 13, 31, 97} {
			if got := itemsOf(t, c.f, c.text, g, size); got != whole {
				t.Errorf("text %d in pieces of %d:\n%s\nwhole:\n%s", i, size, got, whole)
				break
			}
		}
	}
}
