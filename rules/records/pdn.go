package records

import (
	"fmt"
	"strconv"
	"strings"

	"boardgames/rules"
	"boardgames/rules/checkers"
	"boardgames/rules/games"
)

// PDN, as CheckerBoard and the checkers databases write it:
//
//	[Event "Club match"]
//	[Black "Ann"]
//	[White "Bob"]
//	[Result "1-0"]
//	1. 11-15 23-19 2. 8-11 22-17 {a comment} 3. 9-13 17x10 7x14 ... 1-0
//
// Read takes any number of games, each an optional block of tag pairs and
// its move text, ended by a result or by the next game's tags. In English
// checkers Black moves first, and a result names the first player first:
// "1-0" Black wins, "0-1" White wins, "1/2-1/2" a draw, "*" unknown (and
// the 2-0, 0-2, 1-1 of two-point scoring). A [FEN] tag sets the start
// position; a [GameType] other than 21 (English draughts) is refused. A
// [Termination] tag says how the game ended (see Ending).
// Comments ({...} and ; to the end of the line) are kept, each after the
// moves it follows (Game.Comments), and written back. Variations ((...),
// nested), NAGs ($4) and move marks (!, ?) are skipped, each kind with one
// warning on the game; a multi-jump may be written whole (22x15x6), by its
// ends (22x6) or jump by jump (22x15 15x6), and "-" and "x" are read alike
// (10x14 for a step). A game the players went on with after a threefold
// repetition or the 40-move rule is replayed as played: those draws are
// claims in a record. A game with a fault (a bad move, an unclosed tag) is
// rejected with its line and reason, and the reading goes on.

// pdnToken is one token of PDN text.
type pdnToken struct {
	kind  byte // 't' tag, 'w' word, '{' comment, '(' variation, '$' NAG
	name  string
	value string // a tag's value, a word's text
	line  int
	off   int64 // the byte it starts at
}

// pdnLexer splits PDN text into tokens. Its text is a window of whole
// lines of the input, read from src as it is needed.
type pdnLexer struct {
	window
	i     int
	line  int
	inTag bool // the last token was a tag pair (or a broken one)
	// startNL says whether text[0] starts a line.
	startNL bool
}

// more reads more of the input, keeping the text from l.i on.
func (l *pdnLexer) more() bool {
	if l.i > 0 {
		l.startNL = l.text[l.i-1] == '\n'
	}
	dropped, ok := l.window.more(l.i)
	l.i -= dropped
	return ok
}

// lineStart reports whether text[l.i] starts a line.
func (l *pdnLexer) lineStart() bool {
	if l.i == 0 {
		return l.startNL
	}
	return l.text[l.i-1] == '\n'
}

// next returns the next token, or ok false at the end; err for text that
// cannot be read (an unclosed tag, comment or variation).
func (l *pdnLexer) next() (t pdnToken, ok bool, err error) {
	l.inTag = false
	for l.i < len(l.text) || l.more() {
		c := l.text[l.i]
		switch c {
		case '\n':
			l.line++
			l.i++
			continue
		case ' ', '\t', '\r', '\f', '\v':
			l.i++
			continue
		case '%':
			if l.lineStart() {
				l.skipLine() // an escaped line
				continue
			}
		}
		off := l.base + int64(l.i)
		t, ok, err = l.token(c)
		t.off = off
		return t, ok, err
	}
	return t, false, nil
}

// token reads the token that starts with c at text[l.i].
func (l *pdnLexer) token(c byte) (pdnToken, bool, error) {
	switch {
	case c == ';':
		from := l.i + 1
		l.skipLine()
		return pdnToken{kind: '{', value: strings.Clone(strings.TrimSpace(l.text[from:l.i])), line: l.line}, true, nil
	case c == '[':
		return l.tag()
	case c == '{':
		start := l.line
		end, err := l.find('}', "a comment {")
		if err != nil {
			return pdnToken{}, false, err
		}
		text := l.text[l.i+1 : l.i+end]
		l.line += strings.Count(text, "\n")
		l.i += end + 1
		return pdnToken{kind: '{', value: strings.Clone(strings.TrimSpace(text)), line: start}, true, nil
	case c == '(':
		return l.variation()
	case c == ')' || c == '}' || c == ']':
		return pdnToken{}, false, fmt.Errorf("records: line %d: %q closes nothing", l.line, c)
	}
	start := l.i
	for l.i < len(l.text) && !strings.ContainsRune(" \t\r\n\f\v[]{}();", rune(l.text[l.i])) {
		l.i++
	}
	w := l.text[start:l.i]
	if w[0] == '$' {
		return pdnToken{kind: '$', value: w, line: l.line}, true, nil
	}
	return pdnToken{kind: 'w', value: w, line: l.line}, true, nil
}

// find returns the index of the first c in text from l.i on, reading
// more of the input as needed (up to MaxGameText); what names the
// construct c closes, for the error.
func (l *pdnLexer) find(c byte, what string) (int, error) {
	for {
		if end := strings.IndexByte(l.text[l.i:], c); end >= 0 {
			return end, nil
		}
		if len(l.text)-l.i > MaxGameText {
			return 0, fmt.Errorf("records: line %d: %s is not closed within %d MiB", l.line, what, MaxGameText>>20)
		}
		if !l.more() {
			return 0, fmt.Errorf("records: line %d: %s is never closed", l.line, what)
		}
	}
}

func (l *pdnLexer) skipLine() {
	if end := strings.IndexByte(l.text[l.i:], '\n'); end >= 0 {
		l.i += end // the newline is counted by next
	} else {
		l.i = len(l.text)
	}
}

// tag reads [Name "value"], with \" and \\ escaped in the value.
func (l *pdnLexer) tag() (pdnToken, bool, error) {
	l.inTag = true
	line := l.line
	l.i++ // [
	rest := l.text[l.i:]
	nameEnd := strings.IndexAny(rest, " \t\"]\n")
	if nameEnd <= 0 {
		return pdnToken{}, false, fmt.Errorf("records: line %d: a tag pair needs a name, like [Event \"...\"]", line)
	}
	name := rest[:nameEnd]
	j := nameEnd
	for j < len(rest) && (rest[j] == ' ' || rest[j] == '\t') {
		j++
	}
	if j >= len(rest) || rest[j] != '"' {
		return pdnToken{}, false, fmt.Errorf("records: line %d: the tag %s has no value in double quotes", line, show(name))
	}
	j++
	var v strings.Builder
	for {
		if j >= len(rest) || rest[j] == '\n' {
			return pdnToken{}, false, fmt.Errorf("records: line %d: the value of the tag %s is never closed", line, show(name))
		}
		c := rest[j]
		if c == '\\' && j+1 < len(rest) && (rest[j+1] == '"' || rest[j+1] == '\\') {
			v.WriteByte(rest[j+1])
			j += 2
			continue
		}
		j++
		if c == '"' {
			break
		}
		v.WriteByte(c)
	}
	for j < len(rest) && (rest[j] == ' ' || rest[j] == '\t') {
		j++
	}
	if j >= len(rest) || rest[j] != ']' {
		return pdnToken{}, false, fmt.Errorf("records: line %d: the tag %s is not closed with ]", line, show(name))
	}
	l.i += j + 1
	return pdnToken{kind: 't', name: strings.Clone(name), value: v.String(), line: line}, true, nil
}

// variation skips a parenthesised variation, nested ones with it.
func (l *pdnLexer) variation() (pdnToken, bool, error) {
	start, depth, from := l.line, 0, l.base+int64(l.i)
	for l.i < len(l.text) || l.more() {
		switch l.text[l.i] {
		case '(':
			depth++
		case ')':
			depth--
		case '\n':
			l.line++
		case '{': // a comment may hold a parenthesis
			end, err := l.find('}', "a comment {")
			if err != nil {
				return pdnToken{}, false, err
			}
			l.line += strings.Count(l.text[l.i:l.i+end], "\n")
			l.i += end
		}
		l.i++
		if depth == 0 {
			return pdnToken{kind: '(', line: start}, true, nil
		}
		if l.base+int64(l.i)-from > MaxGameText {
			return pdnToken{}, false, fmt.Errorf("records: line %d: a variation ( is not closed within %d MiB", start, MaxGameText>>20)
		}
	}
	return pdnToken{}, false, fmt.Errorf("records: line %d: a variation ( is never closed", start)
}

// pdnGame is a game as read, before its moves are replayed.
type pdnGame struct {
	tags     []Tag
	moves    []pdnToken
	comments []pdnComment
	result   string // the result that ended the move text
	line     int    // where the game starts
	off      int64  // the byte it starts at
	skipped  map[byte]int
	hasMoves bool
	err      error // the first fault found in its text
	drawRule bool  // a move was played after the draw rule's end
}

// pdnComment is a comment's text after the first move tokens of a game.
type pdnComment struct {
	token int
	text  string
}

// pdnReader reads the games of a PDN text one at a time; a game with a
// fault is returned as Bad and the reading goes on with the next game.
type pdnReader struct {
	lx   *pdnLexer
	cur  *pdnGame
	n    int
	done bool
}

// finish ends the game being read: ok is false when it holds nothing.
func (p *pdnReader) finish() (Item, bool) {
	r := p.cur
	p.cur = nil
	if r == nil || len(r.tags) == 0 && !r.hasMoves && r.result == "" && r.err == nil {
		return Item{}, false // comments after a file's last result make a game of nothing
	}
	it := Item{Line: r.line, Offset: r.off}
	if r.err != nil {
		it.Bad = &Rejected{N: p.n, Line: r.line, Err: r.err}
		return it, true
	}
	g, err := r.replay(p.n)
	if err != nil {
		it.Bad = &Rejected{N: p.n, Line: r.line, Err: err}
		return it, true
	}
	g.N = p.n
	it.Game = g
	return it, true
}

// begin finishes the game being read and starts the next one at a token.
func (p *pdnReader) begin(line int, off int64) (Item, bool, error) {
	it, ok := p.finish()
	if p.n == MaxGames {
		return it, ok, fmt.Errorf("records: line %d: more than %d games", line, MaxGames)
	}
	p.n++
	p.cur = &pdnGame{line: line, off: off, skipped: map[byte]int{}}
	return it, ok, nil
}

// next reads the next game.
func (p *pdnReader) next() (Item, bool, error) {
	lx := p.lx
	for !p.done {
		t, ok, err := lx.next()
		if lx.src.err != nil {
			return Item{}, false, lx.src.err
		}
		var it Item
		var got bool
		if err != nil {
			// A fault in the text rejects its game; the reading goes on
			// at the next line.
			cur := p.cur
			if cur == nil || cur.result != "" || (lx.inTag && cur.hasMoves) {
				var ferr error
				if it, got, ferr = p.begin(lx.line, lx.base+int64(lx.i)); ferr != nil {
					return Item{}, false, ferr
				}
			}
			if p.cur.err == nil {
				p.cur.err = fmt.Errorf("records: game %d (line %d): %s", p.n, p.cur.line, strings.TrimPrefix(err.Error(), "records: "))
			}
			if lx.i < len(lx.text) && lx.text[lx.i] != '\n' {
				lx.skipLine()
			}
			if got {
				return it, true, nil
			}
			continue
		}
		if !ok {
			p.done = true
			it, got = p.finish()
			return it, got, nil
		}
		if cur := p.cur; cur == nil || cur.result != "" || (t.kind == 't' && cur.hasMoves) {
			var ferr error
			if it, got, ferr = p.begin(t.line, t.off); ferr != nil {
				return Item{}, false, ferr
			}
		}
		p.add(t)
		if got {
			return it, true, nil
		}
	}
	return Item{}, false, nil
}

// add adds a token to the game being read.
func (p *pdnReader) add(t pdnToken) {
	cur := p.cur
	if t.off-cur.off > MaxGameText {
		// Too long to be a game: keep nothing more of it, but find its end.
		if cur.err == nil {
			cur.err = gameError(p.n, t.line, "the game's text is longer than %d MiB", MaxGameText>>20)
		}
		if t.kind == 'w' {
			cur.hasMoves = true
			if isPDNResult(t.value) {
				cur.result = t.value
			}
		}
		return
	}
	switch t.kind {
	case 't':
		cur.tags = append(cur.tags, Tag{t.name, t.value})
	case 'w':
		w := t.value
		if isPDNResult(w) {
			cur.result = w
			return
		}
		w = stripNumber(w)
		w = strings.TrimRight(w, "!?")
		if w == "" {
			return
		}
		if len(cur.moves) == MaxMoves {
			if cur.err == nil {
				cur.err = gameError(p.n, t.line, "more than %d moves", MaxMoves)
			}
			return
		}
		t.value = w
		cur.moves = append(cur.moves, t)
		cur.hasMoves = true
	case '{':
		if t.value != "" {
			cur.comments = append(cur.comments, pdnComment{len(cur.moves), t.value})
			return
		}
		cur.skipped[t.kind]++
	default:
		cur.skipped[t.kind]++
	}
}

// stripNumber removes a move number ("12.", "12...", "12." before a
// move) from a word, and returns "" for a word of dots alone.
func stripNumber(w string) string {
	i := 0
	for i < len(w) && w[i] >= '0' && w[i] <= '9' {
		i++
	}
	if i < len(w) && w[i] == '.' {
		return strings.TrimLeft(w[i:], ".")
	}
	if strings.Trim(w, ".") == "" {
		return ""
	}
	return w
}

// isPDNResult reports whether w ends a game's move text.
func isPDNResult(w string) bool {
	_, ok := pdnResults[w]
	return ok
}

// pdnResults maps PDN's results to ours; the first player (Black) is
// named first.
var pdnResults = map[string]rules.Result{
	"1-0": rules.BlackWins, "2-0": rules.BlackWins,
	"0-1": rules.WhiteWins, "0-2": rules.WhiteWins,
	"1/2-1/2": rules.Draw, "1-1": rules.Draw,
	"*": rules.Ongoing, "0-0": rules.Ongoing,
}

// pdnResultText is the PDN result of r.
func pdnResultText(r rules.Result) string {
	switch r {
	case rules.BlackWins:
		return "1-0"
	case rules.WhiteWins:
		return "0-1"
	case rules.Draw:
		return "1/2-1/2"
	}
	return "*"
}

// The tags Read turns into a Game's fields.
const (
	tagResult   = "Result"
	tagEnd      = "Termination"
	tagFEN      = "FEN"
	tagSetUp    = "SetUp"
	tagGameType = "GameType"
)

// replay checks a game's tags and plays its moves. A game the players
// went on with past the 40-move rule (a draw they may claim, not one that
// ends the game) is replayed again with the rule at its longest, 200
// moves, with a warning.
func (r *pdnGame) replay(n int) (Game, error) {
	out, err := r.replayWith(n, games.Settings{})
	if err == nil || !r.drawRule {
		return out, err
	}
	long := games.Settings{DrawMoves: 200}
	out, lerr := r.replayWith(n, long)
	if lerr != nil {
		return Game{}, err
	}
	out.Warnings = append(out.Warnings, fmt.Sprintf("game %d: the players went on after the %d-move draw rule (a draw they may claim): replayed with the rule at %d moves", n, checkers.DefaultDrawMoves, long.DrawMoves))
	return out, nil
}

func (r *pdnGame) replayWith(n int, s games.Settings) (Game, error) {
	g, err := games.Lookup(checkers.Name)
	if err != nil {
		return Game{}, err
	}
	out := Game{Game: g, Settings: s}
	var fen, declared string
	for _, t := range r.tags {
		switch t.Name {
		case tagGameType:
			kind, _, _ := strings.Cut(t.Value, ",")
			if strings.TrimSpace(kind) != "21" {
				return Game{}, gameError(n, r.line, "GameType %s is not English checkers (21)", show(t.Value))
			}
		case tagFEN:
			fen = t.Value
		case tagSetUp:
		case tagResult:
			declared = t.Value
		case tagEnd:
			out.Ending = ParseEnding(t.Value)
		default:
			out.Tags = append(out.Tags, t)
		}
	}
	start, err := g.Start(out.Settings)
	if fen != "" {
		start, err = g.Parse(fen, out.Settings)
	}
	if err != nil {
		return Game{}, gameError(n, r.line, "FEN %s: %v", show(fen), trimPrefix(err))
	}
	rec := games.NewRecord(start)
	comments := r.comments
	note := func(tok int) {
		for len(comments) > 0 && comments[0].token <= tok {
			out.Comments = append(out.Comments, Comment{Ply: rec.Len(), Text: comments[0].text})
			comments = comments[1:]
		}
	}
	repeated := false
	for i := 0; i < len(r.moves); i++ {
		note(i)
		t := r.moves[i]
		if rec.Result().Over() && !rec.Position().Result().Over() && !repeated {
			repeated = true
			out.Warnings = append(out.Warnings, fmt.Sprintf("game %d: the players went on after a threefold repetition at move %d (a draw they may claim)", n, rec.Len()))
		}
		used, err := playPDNMove(rec, r.moves[i:])
		if err != nil {
			if p := rec.Position(); p.Result() == rules.Draw && len(p.Legal()) == 0 {
				r.drawRule = true
			}
			return Game{}, gameError(n, t.line, "move %d (%s): %v", rec.Len()+1, show(t.value), trimPrefix(err))
		}
		i += used - 1
	}
	note(len(r.moves))
	out.Record = rec
	out.Result = rec.Result()
	if r.result != "" && r.result != "*" {
		if declared != "" && declared != "*" && pdnResults[declared] != pdnResults[r.result] {
			out.Warnings = append(out.Warnings, fmt.Sprintf("game %d: the Result tag says %s, the move text ends with %s: %s is taken", n, declared, r.result, r.result))
		}
		declared = r.result
	} else if declared == "" {
		declared = r.result
	}
	if declared != "" {
		res, ok := pdnResults[declared]
		if !ok {
			out.Warnings = append(out.Warnings, fmt.Sprintf("game %d: the result %s is not a PDN result (1-0, 0-1, 1/2-1/2, *): ignored", n, show(declared)))
		}
		out.Result = declaredResult(&out, n, res)
	}
	for _, k := range []struct {
		kind byte
		what string
	}{{'{', "empty comment"}, {'(', "variation"}, {'$', "annotation"}} { // in this order, not a map's
		if c := r.skipped[k.kind]; c > 0 {
			out.Warnings = append(out.Warnings, fmt.Sprintf("game %d: %d %s(s) skipped", n, c, k.what))
		}
	}
	return out, nil
}

// declaredResult weighs the result a file records against the moves: a
// game its rules ended keeps that result (with a warning when the file
// says otherwise); an unfinished one takes the file's.
func declaredResult(g *Game, n int, declared rules.Result) rules.Result {
	played := g.Record.Result()
	if !played.Over() {
		return declared
	}
	if declared.Over() && declared != played {
		g.Warnings = append(g.Warnings, fmt.Sprintf("game %d: the file records %s, but the moves end in %s", n, declared, played))
	}
	return played
}

// playPDNMove plays the move that starts moves[0] and returns how many
// tokens it took: one, or several when a multi-jump is written jump by
// jump (22x15 15x6). As CheckerBoard does, it reads "-" and "x" alike: a
// step written 10x14 or a capture written 15-24 is the one legal move
// between those squares. A move after a threefold repetition is played
// (the players did not claim the draw).
func playPDNMove(rec games.Record, moves []pdnToken) (int, error) {
	text := moves[0].value
	err := playOn(rec, text)
	if err == nil {
		return 1, nil
	}
	if alt := otherSeparator(text); alt != text && playOn(rec, alt) == nil {
		return 1, nil
	}
	// Jump by jump: join the following captures that go on from where
	// the last one landed.
	joined := strings.ReplaceAll(text, "-", "x")
	for k := 1; k < len(moves) && k <= 12; k++ {
		next := strings.ReplaceAll(moves[k].value, "-", "x")
		from, rest, ok := strings.Cut(next, "x")
		if !ok || !strings.HasSuffix(joined, "x"+from) {
			break
		}
		joined += "x" + rest
		if playOn(rec, joined) == nil {
			return k + 1, nil
		}
	}
	return 0, err
}

// playOn parses a move and plays it with Record.PlayOn.
func playOn(rec games.Record, text string) error {
	m, err := rec.Position().ParseMove(text)
	if err != nil {
		return err
	}
	return rec.PlayOn(m)
}

// otherSeparator writes a move with the other separator: 10x14 as 10-14,
// 15-24 as 15x24.
func otherSeparator(text string) string {
	if strings.Contains(text, "x") {
		return strings.ReplaceAll(text, "x", "-")
	}
	return strings.ReplaceAll(text, "-", "x")
}

// trimPrefix drops a rules error's "checkers: " or "othello: " prefix
// inside a message that names the game already.
func trimPrefix(err error) string {
	s := err.Error()
	for _, p := range []string{"checkers: ", "othello: ", "connect4: ", "adjacency: "} {
		s = strings.TrimPrefix(s, p)
	}
	return s
}

// writePDN writes one game.
func writePDN(b *strings.Builder, g *Game) {
	for _, t := range g.Tags {
		writePDNTag(b, t.Name, t.Value)
	}
	writePDNTag(b, tagGameType, "21")
	res := pdnResultText(g.Final())
	writePDNTag(b, tagResult, res)
	if !g.Ending.IsZero() {
		writePDNTag(b, tagEnd, g.Ending.String())
	}
	start := g.Record.Start()
	if std, err := g.Game.Start(g.Settings); err != nil || std.String() != start.String() {
		writePDNTag(b, tagSetUp, "1")
		writePDNTag(b, tagFEN, start.String())
	}
	var line strings.Builder
	flush := func() {
		b.WriteString(strings.TrimSpace(line.String()))
		b.WriteByte('\n')
		line.Reset()
	}
	word := func(w string) {
		if line.Len() > 0 && line.Len()+1+len(w) > 79 {
			flush()
		}
		if line.Len() > 0 {
			line.WriteByte(' ')
		}
		line.WriteString(w)
	}
	p := start
	comments := g.Comments
	comment := func(ply int) {
		for len(comments) > 0 && comments[0].Ply <= ply {
			word("{" + strings.NewReplacer("}", ")", "\n", " ", "\r", " ").Replace(comments[0].Text) + "}")
			comments = comments[1:]
		}
	}
	for i, m := range g.Record.Moves() {
		comment(i)
		num := i/2 + 1
		black := p.ToMove() == rules.Black
		if start.ToMove() == rules.White {
			num = (i+1)/2 + 1
		}
		switch {
		case black:
			word(strconv.Itoa(num) + ". " + p.MoveString(m))
		case i == 0:
			word(strconv.Itoa(num) + "... " + p.MoveString(m))
		default:
			word(p.MoveString(m))
		}
		p = p.Play(m)
	}
	comment(g.Record.Len())
	word(res)
	flush()
}

// writePDNTag writes a tag pair, escaping " and \ in its value.
func writePDNTag(b *strings.Builder, name, value string) {
	value = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ", "\r", " ").Replace(value)
	fmt.Fprintf(b, "[%s \"%s\"]\n", name, value)
}
