package gamefile

import (
	"fmt"
	"strings"
	"testing"

	"boardgames/rules/games"
	"boardgames/rules/records"
)

// A record that goes on past a threefold repetition and the 40-move rule
// (two kings shuffling 84 plies) goes through a saved game whole.
func TestPlayedOnRecordThroughSavedGame(t *testing.T) {
	var b strings.Builder
	b.WriteString("[Event \"shuffle\"]\n[SetUp \"1\"]\n[FEN \"B:WK32:BK1\"]\n")
	for i := range 21 {
		fmt.Fprintf(&b, "%d. 1-5 32-28 %d. 5-1 28-32\n", 2*i+1, 2*i+2)
	}
	b.WriteString("1/2-1/2\n")
	gs, err := records.Read(records.PDN, b.String(), nil, games.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	throughSaved(t, "shuffle", records.PDN, gs)
}
