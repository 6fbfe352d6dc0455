package cli

import (
	"fmt"
	"strings"

	"boardgames/rules/games"
)

func init() {
	commands["show"] = command{"print a position: board, side to move, legal moves, result", staged(prepareShow)}
}

func prepareShow(e *env, args []string) (func() error, error) {
	var pf posFlags
	fs := e.newFlags("show", "-game G [-moves LIST | -position POS] [-rounds R] [-json]")
	pf.register(fs.FlagSet)
	asJSON := fs.Bool("json", false, "print one JSON object")
	if err := parse(fs, args); err != nil {
		return nil, err
	}
	g, rec, err := pf.load()
	if err != nil {
		return nil, err
	}
	return func() error { return e.show(g, rec, *asJSON) }, nil
}

func (e *env) show(g *games.Game, rec games.Record, asJSON bool) error {
	pos := rec.Position()
	res := rec.Result()
	legal := moveStrings(pos, rec.Legal())
	if asJSON {
		return e.printJSON(struct {
			Game     string   `json:"game"`
			ToMove   string   `json:"toMove"`
			Legal    []string `json:"legal"`
			Over     bool     `json:"over"`
			Result   string   `json:"result"`
			Score    int      `json:"score"`
			Board    []string `json:"board"`
			Position string   `json:"position"`
			Moves    string   `json:"moves"`
		}{g.Name, playerName(g, pos.ToMove()), legal, res.Over(), resultText(g, res),
			pos.Score(), pos.Rows(), pos.String(), rec.String()})
	}
	fmt.Fprintf(e.stdout, "%s\n\n", g.Title)
	writeBoard(e, g, pos)
	fmt.Fprintln(e.stdout)
	if res.Over() {
		fmt.Fprintf(e.stdout, "Result:   %s (score %+d)\n", resultText(g, res), pos.Score())
	} else {
		fmt.Fprintf(e.stdout, "To move:  %s\n", playerName(g, pos.ToMove()))
		fmt.Fprintf(e.stdout, "Legal:    %s\n", strings.Join(legal, " "))
		fmt.Fprintf(e.stdout, "Score:    %+d\n", pos.Score())
	}
	fmt.Fprintf(e.stdout, "Position: %s\n", pos.String())
	if rec.Len() > 0 {
		fmt.Fprintf(e.stdout, "Moves:    %s\n", rec.String())
	}
	return nil
}

// writeBoard prints the rows with coordinates: a..h and 1..8 for the 8x8
// games, column numbers for Connect Four.
func writeBoard(e *env, g *games.Game, pos games.Position) {
	var head strings.Builder
	head.WriteString("   ")
	for c := 0; c < g.Width; c++ {
		if g.Width == 8 {
			head.WriteByte(byte('a' + c))
		} else {
			head.WriteByte(byte('1' + c))
		}
		head.WriteByte(' ')
	}
	fmt.Fprintln(e.stdout, strings.TrimRight(head.String(), " "))
	for r, row := range pos.Rows() {
		label := "  "
		if g.Height == 8 {
			label = fmt.Sprintf("%d ", r+1)
		}
		cells := strings.Split(row, "")
		fmt.Fprintf(e.stdout, "%s %s\n", label, strings.Join(cells, " "))
	}
}
