package records

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"

	"boardgames/rules"
	"boardgames/rules/games"
	"boardgames/rules/othello"
)

// WTHOR, the French Othello federation's (FFO) database of tournament
// games, one binary file a year (WTH_2004.wtb), with the players' names in
// WTHOR.JOU and the tournaments' in WTHOR.TRN. Every number is little-
// endian. A file starts with a 16-byte header: the date it was made (4
// bytes: century, year, month, day), the number of games (4 bytes), the
// number of names of a .JOU or .TRN file (2 bytes), the year of the games
// (2 bytes), the board's size (1 byte: 0 or 8 for 8x8; 10 is 10x10
// Othello, not read here), the kind of file (1 byte: 1 for solitaires,
// not read here), the depth of the theoretical scores (1 byte), and one
// byte unused. Then come 68 bytes a game: the tournament's number (2
// bytes), Black's and White's numbers (2 bytes each), Black's discs at the
// end (1 byte, the empty squares counted for the winner), Black's
// theoretical score (1 byte: the discs perfect play gets from the depth
// in the header on), and the 60 moves, a byte each, 10*row+column (11 is
// a1, 88 is h8), 0 after the last; passes are not written. A .JOU file
// holds 20 bytes a name, a .TRN file 26, each after the same 16-byte
// header, the name ending with a zero byte.
//
// ReadWTHOR reads a .wtb file into games whose tags are GGF's: PB and PW
// the players, PC the tournament, DT the year, and TH the theoretical
// score (Black's discs); the recorded score is the game's result and
// margin.

// The names of WTHOR's files of names, beside the files of games.
const (
	WTHORPlayersFile     = "WTHOR.JOU"
	WTHORTournamentsFile = "WTHOR.TRN"
)

// WTHOR's sizes.
const (
	wthorHeader = 16
	wthorGame   = 68
	// WTHORPlayerName and WTHORTournamentName are the sizes of a name in
	// WTHOR.JOU and WTHOR.TRN.
	WTHORPlayerName     = 20
	WTHORTournamentName = 26
)

// WTHORHeader is what a WTHOR file's header says.
type WTHORHeader struct {
	Made         string // the date the file was made, YYYY-MM-DD
	Games, Names int
	Year         int
	BoardSize    int
	Solitaire    bool
	Depth        int
}

// readWTHORHeader reads the 16 bytes that start every WTHOR file.
func readWTHORHeader(data []byte) (WTHORHeader, error) {
	if len(data) < wthorHeader {
		return WTHORHeader{}, fmt.Errorf("records: %d bytes: a WTHOR file starts with a 16-byte header", len(data))
	}
	return WTHORHeader{
		Made:      fmt.Sprintf("%02d%02d-%02d-%02d", data[0], data[1], data[2], data[3]),
		Games:     int(binary.LittleEndian.Uint32(data[4:8])),
		Names:     int(binary.LittleEndian.Uint16(data[8:10])),
		Year:      int(binary.LittleEndian.Uint16(data[10:12])),
		BoardSize: int(data[12]),
		Solitaire: data[13] == 1,
		Depth:     int(data[14]),
	}, nil
}

// ReadWTHORNames reads the names of a WTHOR.JOU (size WTHORPlayerName) or
// WTHOR.TRN (WTHORTournamentName) file, in the order of their numbers.
func ReadWTHORNames(data []byte, size int) ([]string, error) {
	h, err := readWTHORHeader(data)
	if err != nil {
		return nil, err
	}
	body := data[wthorHeader:]
	if len(body)%size != 0 {
		return nil, fmt.Errorf("records: %d bytes of names is not a whole number of %d-byte names", len(body), size)
	}
	n := len(body) / size
	if h.Names != 0 && h.Names != n {
		return nil, fmt.Errorf("records: the header says %d names, the file holds %d", h.Names, n)
	}
	names := make([]string, n)
	for i := range names {
		b := body[i*size : (i+1)*size]
		if z := bytes.IndexByte(b, 0); z >= 0 {
			b = b[:z]
		}
		names[i] = strings.TrimSpace(latin1(b))
	}
	return names, nil
}

// latin1 decodes the names' bytes, written in ISO 8859-1.
func latin1(b []byte) string {
	r := make([]rune, len(b))
	for i, c := range b {
		r[i] = rune(c)
	}
	return string(r)
}

// ReadWTHOR reads the games of a .wtb file. players and tournaments are
// the names of WTHOR.JOU and WTHOR.TRN (nil without them: the numbers
// stand for the names). A game whose moves are not legal is rejected
// with its number and byte offset (as Rejected, Line 0); the error is for
// a file that is not WTHOR's games.
func ReadWTHOR(data []byte, players, tournaments []string) ([]Game, []Rejected, WTHORHeader, error) {
	h, err := readWTHORHeader(data)
	if err != nil {
		return nil, nil, h, err
	}
	switch {
	case h.Solitaire:
		return nil, nil, h, fmt.Errorf("records: a WTHOR solitaire file, not a file of games")
	case h.BoardSize != 0 && h.BoardSize != 8:
		return nil, nil, h, fmt.Errorf("records: a WTHOR file of %dx%d games: only 8x8 is Othello here", h.BoardSize, h.BoardSize)
	}
	body := data[wthorHeader:]
	if len(body)%wthorGame != 0 || len(body)/wthorGame != h.Games {
		return nil, nil, h, fmt.Errorf("records: the header says %d games, and %d bytes follow it, not %d×68", h.Games, len(body), h.Games)
	}
	if h.Games > MaxGames {
		return nil, nil, h, fmt.Errorf("records: %d games, more than the %d a file may have", h.Games, MaxGames)
	}
	g, err := games.Lookup(othello.Name)
	if err != nil {
		return nil, nil, h, err
	}
	start, err := g.Start(games.Settings{})
	if err != nil {
		return nil, nil, h, err
	}
	name := func(names []string, i int, what string) string {
		if i < len(names) && names[i] != "" {
			return names[i]
		}
		return what + " " + strconv.Itoa(i)
	}
	var out []Game
	var bad []Rejected
	for i := range h.Games {
		b := body[i*wthorGame : (i+1)*wthorGame]
		n, at := i+1, wthorHeader+i*wthorGame
		rec := games.NewRecord(start)
		var fault error
		for k, c := range b[8:] {
			if c == 0 {
				break
			}
			if err := playWTHORMove(rec, c); err != nil {
				fault = fmt.Errorf("records: game %d (byte %d): move %d (%d): %s", n, at+8+k, k+1, c, trimPrefix(err))
				break
			}
		}
		if fault != nil {
			bad = append(bad, Rejected{N: n, Offset: at, Err: fault})
			continue
		}
		game := Game{N: n, Game: g, Record: rec}
		game.Tags = []Tag{
			{"PC", name(tournaments, int(binary.LittleEndian.Uint16(b[0:2])), "tournament")},
			{"DT", strconv.Itoa(h.Year)},
			{"PB", name(players, int(binary.LittleEndian.Uint16(b[2:4])), "player")},
			{"PW", name(players, int(binary.LittleEndian.Uint16(b[4:6])), "player")},
			{"TH", strconv.Itoa(int(b[7]))},
		}
		black := int(b[6])
		if black > 64 {
			game.Warnings = append(game.Warnings, fmt.Sprintf("game %d: Black's score %d is more than 64 discs: ignored", n, black))
			game.Result = rec.Result()
		} else {
			res := rules.Draw
			switch {
			case black > 32:
				res = rules.BlackWins
			case black < 32:
				res = rules.WhiteWins
			}
			game.Margin = float64(2*black - 64)
			game.Result = declaredResult(&game, n, res)
		}
		out = append(out, game)
	}
	return out, bad, h, nil
}

// playWTHORMove plays a move written 10*row+column, passing first when
// the side to move has no move (WTHOR writes no passes).
func playWTHORMove(rec games.Record, c byte) error {
	row, col := int(c/10), int(c%10)
	if row < 1 || row > 8 || col < 1 || col > 8 {
		return fmt.Errorf("%d is not a square (11 a1 .. 88 h8)", c)
	}
	p := rec.Position()
	if legal := p.Legal(); len(legal) == 1 && p.MoveString(legal[0]) == "pass" {
		if err := rec.Play(legal[0]); err != nil {
			return err
		}
	}
	return rec.PlayString(fmt.Sprintf("%c%d", 'a'+col-1, row))
}
