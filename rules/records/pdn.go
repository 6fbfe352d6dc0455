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
}

// pdnLexer splits PDN text into tokens.
type pdnLexer struct {
	text  string
	i     int
	line  int
	inTag bool // the last token was a tag pair (or a broken one)
}

// next returns the next token, or ok false at the end; err for text that
// cannot be read (an unclosed tag, comment or variation).
func (l *pdnLexer) next() (t pdnToken, ok bool, err error) {
	l.inTag = false
	for l.i < len(l.text) {
		c := l.text[l.i]
		switch {
		case c == '\n':
			l.line++
			l.i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			l.i++
		case c == '%' && (l.i == 0 || l.text[l.i-1] == '\n'):
			l.skipLine() // an escaped line
		case c == ';':
			from := l.i + 1
			l.skipLine()
			return pdnToken{kind: '{', value: strings.TrimSpace(l.text[from:l.i]), line: l.line}, true, nil
		case c == '[':
			return l.tag()
		case c == '{':
			start := l.line
			end := strings.IndexByte(l.text[l.i:], '}')
			if end < 0 {
				return t, false, fmt.Errorf("records: line %d: a comment { is never closed", start)
			}
			text := l.text[l.i+1 : l.i+end]
			l.line += strings.Count(text, "\n")
			l.i += end + 1
			return pdnToken{kind: '{', value: strings.TrimSpace(text), line: start}, true, nil
		case c == '(':
			return l.variation()
		case c == ')' || c == '}' || c == ']':
			return t, false, fmt.Errorf("records: line %d: %q closes nothing", l.line, c)
		default:
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
	}
	return t, false, nil
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
	return pdnToken{kind: 't', name: name, value: v.String(), line: line}, true, nil
}

// variation skips a parenthesised variation, nested ones with it.
func (l *pdnLexer) variation() (pdnToken, bool, error) {
	start, depth := l.line, 0
	for l.i < len(l.text) {
		switch l.text[l.i] {
		case '(':
			depth++
		case ')':
			depth--
		case '\n':
			l.line++
		case '{': // a comment may hold a parenthesis
			end := strings.IndexByte(l.text[l.i:], '}')
			if end < 0 {
				return pdnToken{}, false, fmt.Errorf("records: line %d: a comment { is never closed", l.line)
			}
			l.line += strings.Count(l.text[l.i:l.i+end], "\n")
			l.i += end
		}
		l.i++
		if depth == 0 {
			return pdnToken{kind: '(', line: start}, true, nil
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

// readPDN reads every game of a PDN text; a game with a fault is noted
// in bad and the reading goes on with the next game.
func readPDN(text string, bad *[]Rejected) ([]Game, error) {
	lx := &pdnLexer{text: text, line: 1}
	var out []Game
	var cur *pdnGame
	n := 0
	finish := func() {
		if cur == nil {
			return
		}
		r := cur
		cur = nil
		if len(r.tags) == 0 && !r.hasMoves && r.result == "" && r.err == nil {
			return // comments after a file's last result make a game of nothing
		}
		if r.err != nil {
			reject(bad, n, r.line, r.err)
			return
		}
		g, err := r.replay(n)
		if err != nil {
			reject(bad, n, r.line, err)
			return
		}
		g.N = n
		out = append(out, g)
	}
	for {
		t, ok, err := lx.next()
		if err != nil {
			// A fault in the text rejects its game; the reading goes on
			// at the next line.
			if cur == nil || cur.result != "" || (lx.inTag && cur.hasMoves) {
				finish()
				if n == MaxGames {
					return nil, fmt.Errorf("records: line %d: more than %d games", lx.line, MaxGames)
				}
				n++
				cur = &pdnGame{line: lx.line, skipped: map[byte]int{}}
			}
			if cur.err == nil {
				cur.err = fmt.Errorf("records: game %d (line %d): %s", n, cur.line, strings.TrimPrefix(err.Error(), "records: "))
			}
			if lx.i < len(lx.text) && lx.text[lx.i] != '\n' {
				lx.skipLine()
			}
			continue
		}
		if !ok {
			break
		}
		if cur == nil || cur.result != "" || (t.kind == 't' && cur.hasMoves) {
			finish()
			if n == MaxGames {
				return nil, fmt.Errorf("records: line %d: more than %d games", t.line, MaxGames)
			}
			n++
			cur = &pdnGame{line: t.line, skipped: map[byte]int{}}
		}
		switch t.kind {
		case 't':
			cur.tags = append(cur.tags, Tag{t.name, t.value})
		case 'w':
			w := t.value
			if isPDNResult(w) {
				cur.result = w
				continue
			}
			w = stripNumber(w)
			w = strings.TrimRight(w, "!?")
			if w == "" {
				continue
			}
			if len(cur.moves) == MaxMoves {
				if cur.err == nil {
					cur.err = gameError(n, t.line, "more than %d moves", MaxMoves)
				}
				continue
			}
			t.value = w
			cur.moves = append(cur.moves, t)
			cur.hasMoves = true
		case '{':
			if t.value != "" {
				cur.comments = append(cur.comments, pdnComment{len(cur.moves), t.value})
				continue
			}
			cur.skipped[t.kind]++
		default:
			cur.skipped[t.kind]++
		}
	}
	finish()
	return out, nil
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
	for kind, count := range map[byte]string{'{': "empty comment", '(': "variation", '$': "annotation"} {
		if c := r.skipped[kind]; c > 0 {
			out.Warnings = append(out.Warnings, fmt.Sprintf("game %d: %d %s(s) skipped", n, c, count))
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
