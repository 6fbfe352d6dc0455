package gamefile

import (
	"strings"
	"testing"
)

// A saved game names an external program as its spec; it is read back
// whether or not the program exists on this machine (it is looked for
// when it has to move).
func TestExternalPlayer(t *testing.T) {
	text := "Boardgames game 1\nMoves: 4\nGame: connect4\nRed: gtp:\"python3 'my bot.py'\",time=2s,name=ana\nYellow: gtp:\"/not/here --fast\"\n\n4453\nEnd\n"
	f, err := Parse(text)
	if err != nil || len(f.Warnings) != 0 {
		t.Fatalf("Parse: %v, %q", err, f.Warnings)
	}
	if f.Players[0] != `gtp:"python3 'my bot.py'",time=2s,name=ana` || f.Players[1] != `gtp:"/not/here --fast"` {
		t.Errorf("players %q", f.Players)
	}
	if again := Format(f); !strings.Contains(again, "Red: gtp:\"python3 'my bot.py'\",time=2s,name=ana\n") {
		t.Errorf("Format:\n%s", again)
	}
}
