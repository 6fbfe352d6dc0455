package records

import (
	"fmt"
	"strconv"
	"strings"

	"boardgames/rules"
	"boardgames/rules/games"
	"boardgames/rules/othello"
)

// GGF, the Generic Game Format of the Othello servers (GGS) and of NBoard,
// one game in parentheses, any number a file:
//
//	(;GM[Othello]PC[GGS/os]DT[2003.12.15_03:27:44.CET]PB[Ann]PW[Bob]
//	TY[8]RE[+12.000]BO[8 -------- -------- -------- ---O*--- ---*O---
//	-------- -------- -------- *]B[f5//0.01]W[d6/-2.00/1.20]B[PA];)
//
// BO is the start: the board's size, its rows from the top (* black, O
// white, - empty) and the colour to move. B[...] and W[...] are the moves,
// each optionally followed by /evaluation/time (kept in Game.Evals and
// written back), PA a pass. A GGS archive's count before a game ("1
// (;GM[Othello]...;)") is skipped. RE is
// the result for Black, the first colour: the disc margin, with :r
// (resigned, or forfeited), :t (time) or :s (agreed) after it, which Read
// keeps as the game's Ending; TE[...] holds an Ending the suffix cannot
// say (a forfeit with its reason; the rules' own end is not written).
// TY must be 8x8 Othello:
// 8, with r (a random start, which BO holds), k (komi, KM[...] kept as a
// tag, the moves replayed as Othello's) or s (synchro: a GGS archive line
// holds the match's two games); anti-Othello is refused. Every other property is kept as a Tag.

// ggfProp is one property of a GGF game.
type ggfProp struct {
	name, value string
	line        int
}

// ggfReader reads the games of a GGF text one at a time.
type ggfReader struct {
	window
	i    int
	lpos int // text[:lpos] is counted in lnum
	lnum int // the line of text[lpos]
	n    int
	done bool
}

// lineAt is the line of text[i], counted from the last one asked for.
func (r *ggfReader) lineAt(i int) int {
	if i >= r.lpos {
		r.lnum += strings.Count(r.text[r.lpos:i], "\n")
	} else {
		r.lnum -= strings.Count(r.text[i:r.lpos], "\n")
	}
	r.lpos = i
	return r.lnum
}

// more reads more of the input, keeping the text from keep on.
func (r *ggfReader) more(keep int) bool {
	r.lineAt(keep)
	dropped, ok := r.window.more(keep)
	if ok {
		r.i -= dropped
		r.lpos -= dropped
	}
	return ok
}

// outside is the error of text outside any game, at text[at].
func (r *ggfReader) outside(at int, what string) error {
	return fmt.Errorf("records: line %d: %s is outside any game (games are written (; ... ;))", r.lineAt(at), show(what))
}

// next reads the next game; a game with a fault is returned as Bad and
// the reading goes on at the next game.
func (r *ggfReader) next() (Item, bool, error) {
	for !r.done {
		start := strings.Index(r.text[r.i:], "(;")
		if start < 0 {
			rest := strings.TrimSpace(r.text[r.i:])
			if rest == "" {
				r.i = len(r.text) // drop the blanks
			}
			if len(rest) <= MaxLine && r.more(r.i) {
				continue
			}
			if rest != "" && (!isCount(rest) || len(rest) > MaxLine) {
				return Item{}, false, r.outside(r.i+strings.Index(r.text[r.i:], rest[:1]), rest)
			}
			r.done = true
			continue
		}
		// A GGS archive puts a count before each game: "1 (;GM[Othello]...;)".
		if gap := strings.TrimSpace(r.text[r.i : r.i+start]); gap != "" && !isCount(gap) {
			return Item{}, false, r.outside(r.i, gap)
		}
		at := r.i + start
		if r.n == MaxGames {
			return Item{}, false, fmt.Errorf("records: line %d: more than %d games", r.lineAt(at+2), MaxGames)
		}
		n := r.n + 1
		line := r.lineAt(at + 2)
		off := r.base + int64(at)
		props, next, short, err := ggfProps(r.text, at+2, n, r.lineAt)
		if short && len(r.text)-at <= MaxGameText && r.more(at) {
			r.i = 0 // read the game again, with more of the input
			continue
		}
		r.n = n
		if err != nil {
			// Go on at the next game.
			if k := strings.Index(r.text[at+2:], "(;"); k >= 0 {
				r.i = at + 2 + k
			} else {
				r.i = len(r.text)
			}
			return Item{Bad: &Rejected{N: n, Line: line, Err: err}, Line: line, Offset: off}, true, nil
		}
		r.i = next
		g, err := ggfGame(props, n, line)
		if err != nil {
			return Item{Bad: &Rejected{N: n, Line: line, Err: err}, Line: line, Offset: off}, true, nil
		}
		g.N = n
		return Item{Game: g, Line: line, Offset: off}, true, nil
	}
	return Item{}, false, nil
}

// isCount reports whether s is a number alone, the count a GGS archive
// writes before a game.
func isCount(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// ggfProps reads the properties of a game from text[i:] up to its ";)",
// and returns them and the offset after the game; short says that the
// text ended before the game did. lineAt numbers the lines of text.
func ggfProps(text string, i, n int, lineAt func(int) int) (props []ggfProp, next int, short bool, err error) {
	for {
		for i < len(text) && strings.ContainsRune(" \t\r\n", rune(text[i])) {
			i++
		}
		switch {
		case i >= len(text):
			return nil, 0, true, gameError(n, lineAt(i), "the game is never closed with ;)")
		case strings.HasPrefix(text[i:], ";)"):
			return props, i + 2, false, nil
		case text[i:] == ";":
			return nil, 0, true, gameError(n, lineAt(i), "the game is never closed with ;)")
		}
		j := i
		for j < len(text) && text[j] >= 'A' && text[j] <= 'Z' {
			j++
		}
		if j == i || j >= len(text) || text[j] != '[' {
			return nil, 0, j >= len(text), gameError(n, lineAt(i), "%s is not a property like PB[name]", show(text[i:min(len(text), i+12)]))
		}
		name := text[i:j]
		end := strings.IndexByte(text[j:], ']')
		if end < 0 {
			return nil, 0, true, gameError(n, lineAt(j), "the property %s[ is never closed with ]", name)
		}
		props = append(props, ggfProp{name, text[j+1 : j+end], lineAt(i)})
		if len(props) > 4*MaxMoves {
			return nil, 0, false, gameError(n, lineAt(i), "more than %d properties", 4*MaxMoves)
		}
		i = j + end + 1
	}
}

// ggfGame builds a game of its properties.
func ggfGame(props []ggfProp, n, line int) (Game, error) {
	g, err := games.Lookup(othello.Name)
	if err != nil {
		return Game{}, err
	}
	out := Game{Game: g}
	var board, re, te string
	boardLine := line
	var moves []ggfProp
	for _, p := range props {
		switch p.name {
		case "GM":
			if !strings.EqualFold(strings.TrimSpace(p.value), "othello") {
				return Game{}, gameError(n, p.line, "GM[%s] is not Othello", show(p.value))
			}
		case "TY":
			if err := checkGGFType(p.value); err != nil {
				return Game{}, gameError(n, p.line, "%v", err)
			}
		case "BO":
			board, boardLine = p.value, p.line
		case "RE":
			re = p.value
		case "TE":
			te = p.value
		case "B", "W":
			moves = append(moves, p)
		case "KM":
			out.Tags = append(out.Tags, Tag{strings.Clone(p.name), strings.Clone(p.value)})
			out.Warnings = append(out.Warnings, fmt.Sprintf("game %d: a komi game (KM[%s]): its moves are Othello's, its result counts the komi", n, show(p.value)))
		default:
			out.Tags = append(out.Tags, Tag{strings.Clone(p.name), strings.Clone(p.value)})
		}
	}
	start, err := g.Start(out.Settings)
	if board != "" {
		start, err = parseGGFBoard(g, board)
	}
	if err != nil {
		return Game{}, gameError(n, boardLine, "BO[...]: %s", trimPrefix(err))
	}
	rec := games.NewRecord(start)
	for _, m := range moves {
		if err := playGGFMove(rec, m); err != nil {
			return Game{}, gameError(n, m.line, "move %d (%s[%s]): %s", rec.Len()+1, m.name, show(m.value), trimPrefix(err))
		}
		if _, info, ok := strings.Cut(m.value, "/"); ok && strings.Trim(info, "/ ") != "" {
			out.Evals = append(out.Evals, Comment{Ply: rec.Len() - 1, Text: strings.Clone(strings.TrimSpace(info))})
		}
	}
	out.Record = rec
	out.Result = rec.Result()
	if re = strings.TrimSpace(re); re != "" && re != "?" {
		res, margin, err := parseGGFResult(re)
		if err != nil {
			out.Warnings = append(out.Warnings, fmt.Sprintf("game %d: RE[%s]: %v: ignored", n, show(re), err))
		} else {
			out.Margin = margin
			out.Result = declaredResult(&out, n, res)
			out.Ending = ggfEnding(re, res)
		}
	}
	if te != "" {
		out.Ending = ParseEnding(te)
	}
	return out, nil
}

// checkGGFType accepts the 8x8 Othello game types, as GGS writes them: the
// board size 8 with letters before or after it for r (a random start, r20
// with its disc count: BO holds it), k (komi: KM holds it, the moves are
// Othello's) and s (synchro: the match's two games, each an Othello game,
// "s8"). Anti-Othello (a) is another game.
func checkGGFType(ty string) error {
	t := strings.TrimSpace(ty)
	size := ""
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case c >= '0' && c <= '9':
			if size != "" && (i == 0 || t[i-1] < '0' || t[i-1] > '9') {
				return fmt.Errorf("TY[%s]: two board sizes", show(ty))
			}
			size += string(c)
		case c == 'r':
			for i+1 < len(t) && t[i+1] >= '0' && t[i+1] <= '9' {
				i++ // a random start's disc count
			}
		case c == 'k', c == 's':
			// komi and synchro: each game is Othello's
		case c == 'a':
			return fmt.Errorf("TY[%s]: anti-Othello is another game", show(ty))
		default:
			return fmt.Errorf("TY[%s]: unknown game type %q", show(ty), c)
		}
	}
	if size != "8" {
		return fmt.Errorf("TY[%s]: only 8x8 boards are Othello here", show(ty))
	}
	return nil
}

// parseGGFBoard reads BO[8 rows... colour] into a position.
func parseGGFBoard(g *games.Game, bo string) (games.Position, error) {
	f := strings.Fields(bo)
	if len(f) < 2 || f[0] != "8" {
		return nil, fmt.Errorf("a board is its size 8, its rows and the colour to move (* or O)")
	}
	rows := strings.Join(f[1:len(f)-1], "")
	if len(rows) != 64 {
		return nil, fmt.Errorf("the rows hold %d squares, not 64", len(rows))
	}
	var b strings.Builder
	for _, c := range rows {
		switch c {
		case '*', 'X', 'x', '#', '@':
			b.WriteByte('X')
		case 'O', 'o':
			b.WriteByte('O')
		case '-', '.':
			b.WriteByte('-')
		default:
			return nil, fmt.Errorf("%q is not a square (*, O or -)", c)
		}
	}
	switch f[len(f)-1] {
	case "*", "X", "x", "B", "b":
		b.WriteString(" X")
	case "O", "o", "W", "w":
		b.WriteString(" O")
	default:
		return nil, fmt.Errorf("the colour to move %s is not * or O", show(f[len(f)-1]))
	}
	return g.Parse(b.String(), games.Settings{})
}

// playGGFMove plays B[...] or W[...]; a side with no move passes first
// when the file leaves the pass out.
func playGGFMove(rec games.Record, m ggfProp) error {
	sq, _, _ := strings.Cut(m.value, "/")
	sq = strings.TrimSpace(sq)
	if strings.EqualFold(sq, "pa") || strings.EqualFold(sq, "pass") {
		sq = "pass"
	}
	want := rules.Black
	if m.name == "W" {
		want = rules.White
	}
	p := rec.Position()
	if p.ToMove() != want {
		legal := p.Legal()
		if len(legal) != 1 || p.MoveString(legal[0]) != "pass" {
			return fmt.Errorf("it is %s's turn", p.ToMove())
		}
		if err := rec.PlayString("pass"); err != nil {
			return err
		}
	}
	return rec.PlayString(strings.ToLower(sq))
}

// parseGGFResult reads RE's value: the margin for Black, then an optional
// ":r", ":t" or ":s".
func parseGGFResult(re string) (rules.Result, float64, error) {
	num, _, _ := strings.Cut(re, ":")
	v, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
	if err != nil || v < -64 || v > 64 {
		return rules.Ongoing, 0, fmt.Errorf("not a disc margin from -64 to +64")
	}
	switch {
	case v > 0:
		return rules.BlackWins, v, nil
	case v < 0:
		return rules.WhiteWins, v, nil
	}
	return rules.Draw, 0, nil
}

// ggfEnding is the Ending RE's suffix says: :r resigned, :t time, :s
// agreed (a draw, or a score the players agreed) for a game whose
// result is res.
func ggfEnding(re string, res rules.Result) Ending {
	_, suffix, _ := strings.Cut(re, ":")
	switch strings.ToLower(strings.TrimSpace(suffix)) {
	case "r":
		return Ending{Kind: Resignation}
	case "t":
		return Ending{Kind: TimeForfeit}
	case "s":
		if res == rules.Draw {
			return Ending{Kind: AgreedDraw}
		}
		return Ending{Kind: agreedScore}
	}
	return Ending{}
}

// ggfSuffix is RE's suffix for an ending's kind: a forfeit is written as
// a resignation (:r), GGF's nearest, with its reason in TE.
func ggfSuffix(kind string) string {
	switch kind {
	case Resignation, Forfeit:
		return ":r"
	case TimeForfeit:
		return ":t"
	case AgreedDraw, agreedScore:
		return ":s"
	}
	return ""
}

// agreedScore is the Ending of GGF's :s on a win: the players agreed on
// the score.
const agreedScore = "agreed score"

// writeGGF writes one game on a line of its own.
func writeGGF(b *strings.Builder, g *Game) {
	b.WriteString("(;GM[Othello]")
	for _, t := range g.Tags {
		if ggfName(t.Name) {
			fmt.Fprintf(b, "%s[%s]", t.Name, strings.ReplaceAll(t.Value, "]", ")"))
		}
	}
	b.WriteString("TY[8]")
	res := g.Final()
	if res.Over() {
		margin := g.Margin
		if g.Record.Result().Over() {
			margin = float64(g.Record.Position().Score())
		}
		switch { // a resignation the file gave no margin, or a result set since
		case res == rules.Draw:
			margin = 0
		case res == rules.BlackWins && margin <= 0:
			margin = 1
		case res == rules.WhiteWins && margin >= 0:
			margin = -1
		}
		fmt.Fprintf(b, "RE[%+.2f%s]", margin, ggfSuffix(g.Ending.Kind))
	}
	normal := g.Ending == Ending{Kind: Normal} && g.Record.Result().Over() // GGS's files do not say it
	if e := g.Ending; !e.IsZero() && !normal && (e.Reason != "" || ggfEnding("0"+ggfSuffix(e.Kind), res) != e || !res.Over()) {
		fmt.Fprintf(b, "TE[%s]", strings.ReplaceAll(e.String(), "]", ")"))
	}
	start := g.Record.Start()
	b.WriteString("BO[8")
	for _, row := range start.Rows() {
		b.WriteByte(' ')
		b.WriteString(strings.NewReplacer("X", "*").Replace(row))
	}
	if start.ToMove() == rules.White {
		b.WriteString(" O]")
	} else {
		b.WriteString(" *]")
	}
	p := start
	evals := g.Evals
	for i, m := range g.Record.Moves() {
		side := "B"
		if p.ToMove() == rules.White {
			side = "W"
		}
		s := p.MoveString(m)
		if s == "pass" {
			s = "PA"
		}
		for len(evals) > 0 && evals[0].Ply < i {
			evals = evals[1:]
		}
		if len(evals) > 0 && evals[0].Ply == i {
			s += "/" + strings.NewReplacer("]", ")", "\n", " ").Replace(evals[0].Text)
		}
		fmt.Fprintf(b, "%s[%s]", side, s)
		p = p.Play(m)
	}
	b.WriteString(";)\n")
}

// ggfName reports whether a tag's name can be a GGF property: capital
// letters, and none of the ones the writer writes itself.
func ggfName(name string) bool {
	switch name {
	case "", "GM", "TY", "RE", "TE", "BO", "B", "W":
		return false
	}
	for _, c := range name {
		if c < 'A' || c > 'Z' {
			return false
		}
	}
	return true
}
