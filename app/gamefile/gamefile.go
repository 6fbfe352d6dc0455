// Package gamefile reads and writes saved games: a small text format with a
// header of "Key: value" lines (game, settings, start position, players)
// and then the move list in the game's own notation:
//
//	Boardgames game 1
//	Game: othello
//	First: black
//	Start: ---------------------------OX------XO--------------------------- X
//	Black: human
//	White: alphabeta:depth=4
//	Result: ongoing
//
//	f5 d6 c3 d3 c4
//
// Lines starting with '#' are comments. Parse checks everything (the game,
// the settings, the position and every move) before it returns, so a
// corrupt file never half-loads. Save writes a temporary file in the same
// folder and renames it over the target.
package gamefile

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"boardgames/rules"
	"boardgames/rules/games"
)

// Magic is the first line of every saved game.
const Magic = "Boardgames game 1"

// Ext is the file extension of saved games.
const Ext = ".bgame"

// Header keys.
const (
	KeyGame   = "Game"
	KeyFirst  = "First"
	KeyRounds = "Rounds"
	KeyDraw   = "DrawMoves"
	KeyStart  = "Start"
	KeyBlack  = "Black"
	KeyWhite  = "White"
	KeyResult = "Result"
)

// File is a saved game.
type File struct {
	Game     *games.Game
	Settings games.Settings
	Record   games.Record
	// Players describes the seats ("human", or a bot spec); informational.
	Players [2]string
}

// Format writes f in the saved-game format.
func Format(f File) string {
	var b strings.Builder
	fmt.Fprintln(&b, Magic)
	fmt.Fprintf(&b, "%s: %s\n", KeyGame, f.Game.Name)
	s := f.Settings
	if f.Game.Has(games.SettingFirst) {
		fmt.Fprintf(&b, "%s: %s\n", KeyFirst, s.First)
	}
	if f.Game.Has(games.SettingRounds) {
		r := s.Rounds
		if r == 0 {
			r = 28
		}
		fmt.Fprintf(&b, "%s: %d\n", KeyRounds, r)
	}
	if f.Game.Has(games.SettingDrawMoves) {
		d := s.DrawMoves
		if d == 0 {
			d = 40
		}
		fmt.Fprintf(&b, "%s: %d\n", KeyDraw, d)
	}
	fmt.Fprintf(&b, "%s: %s\n", KeyStart, f.Record.Start().String())
	for i, key := range []string{KeyBlack, KeyWhite} {
		if p := strings.TrimSpace(f.Players[i]); p != "" {
			fmt.Fprintf(&b, "%s: %s\n", key, p)
		}
	}
	fmt.Fprintf(&b, "%s: %s\n", KeyResult, f.Record.Result())
	fmt.Fprintln(&b)
	fmt.Fprintln(&b, f.Record.String())
	return b.String()
}

// Parse reads a saved game. Errors name the line and what is wrong.
func Parse(text string) (File, error) {
	var f File
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
	line := 0
	next := func() (string, bool) {
		for sc.Scan() {
			line++
			l := strings.TrimSpace(sc.Text())
			if strings.HasPrefix(l, "#") {
				continue
			}
			return l, true
		}
		return "", false
	}
	first, ok := next()
	for ok && first == "" {
		first, ok = next()
	}
	if !ok || first != Magic {
		return f, errors.New("not a Boardgames saved game (the first line should be \"" + Magic + "\")")
	}
	header := map[string]string{}
	headerLine := map[string]int{}
	for {
		l, ok := next()
		if !ok || l == "" {
			break
		}
		k, v, found := strings.Cut(l, ":")
		if !found {
			return f, fmt.Errorf("line %d: %q is not \"Key: value\"", line, l)
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if _, dup := header[k]; dup {
			return f, fmt.Errorf("line %d: %s given twice", line, k)
		}
		header[k], headerLine[k] = v, line
	}
	var moves []string
	for {
		l, ok := next()
		if !ok {
			break
		}
		moves = append(moves, l)
	}
	if err := sc.Err(); err != nil {
		return f, fmt.Errorf("line %d: %v", line+1, err)
	}

	at := func(k string) string { return fmt.Sprintf("line %d", headerLine[k]) }
	name, ok := header[KeyGame]
	if !ok {
		return f, errors.New("the header has no Game line")
	}
	g, err := games.Lookup(name)
	if err != nil {
		return f, fmt.Errorf("%s: %v", at(KeyGame), err)
	}
	f.Game = g
	if v, ok := header[KeyFirst]; ok {
		p, err := rules.ParsePlayer(g.Name, v)
		if err != nil {
			return f, fmt.Errorf("%s: %v", at(KeyFirst), err)
		}
		f.Settings.First = p
	}
	for _, k := range []struct {
		key string
		dst *int
	}{{KeyRounds, &f.Settings.Rounds}, {KeyDraw, &f.Settings.DrawMoves}} {
		if v, ok := header[k.key]; ok {
			n, err := strconv.Atoi(v)
			if err != nil {
				return f, fmt.Errorf("%s: %s %q is not a number", at(k.key), k.key, v)
			}
			*k.dst = n
		}
	}
	var start games.Position
	if v, ok := header[KeyStart]; ok {
		start, err = g.Parse(v, f.Settings)
		if err != nil {
			return f, fmt.Errorf("%s: %v", at(KeyStart), err)
		}
	} else if start, err = g.Start(f.Settings); err != nil {
		return f, fmt.Errorf("settings: %v", err)
	}
	f.Record, err = g.ParseMoves(start, strings.Join(moves, " "), f.Settings)
	if err != nil {
		return f, fmt.Errorf("moves: %v", err)
	}
	f.Players = [2]string{header[KeyBlack], header[KeyWhite]}
	return f, nil
}

// Paste reads text pasted into game g: a saved game (of any game), a move
// list from g's start position, or a position in g's notation.
func Paste(g *games.Game, s games.Settings, text string) (File, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return File{}, errors.New("the clipboard is empty")
	}
	if strings.HasPrefix(text, Magic) {
		return Parse(text)
	}
	rec, moveErr := g.ParseMoves(nil, text, s)
	if moveErr == nil {
		return File{Game: g, Settings: s, Record: rec}, nil
	}
	pos, posErr := g.Parse(text, s)
	if posErr == nil {
		return File{Game: g, Settings: s, Record: games.NewRecord(pos)}, nil
	}
	return File{}, fmt.Errorf("neither a move list (%v) nor a position (%v)", moveErr, posErr)
}

// Load reads and parses a saved game file.
func Load(path string) (File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return File{}, err
	}
	f, err := Parse(string(data))
	if err != nil {
		return File{}, fmt.Errorf("%s: %w", filepath.Base(path), err)
	}
	return f, nil
}

// Save writes data to path through a temporary file in the same folder
// that is renamed over path, so a failed save leaves the old file whole.
func Save(path string, data []byte) (err error) {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	_ = os.Chmod(tmp.Name(), 0o644)
	return os.Rename(tmp.Name(), path)
}
