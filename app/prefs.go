package app

import (
	"fmt"
	"slices"
	"time"

	"fyne.io/fyne/v2"

	"boardgames/ai/bots"
	"boardgames/app/match"
	"boardgames/rules"
	"boardgames/rules/adjacency"
	"boardgames/rules/checkers"
	"boardgames/rules/games"
)

// Preference keys. Per-game keys are formats taking the game's name (and
// the colour, "black" or "white").
const (
	PrefGame     = "game"        // the game last played
	PrefTheme    = "theme"       // ThemeSystem, ThemeLight or ThemeDark
	PrefAnimate  = "animate"     // animate moves
	PrefCoords   = "coordinates" // coordinates along the board's edges
	PrefNumbers  = "pdnNumbers"  // PDN numbers on checkers squares
	PrefDelay    = "botDelayMs"  // pause before each bot move of a bot-vs-bot match
	PrefFolder   = "lastFolder"  // the folder of the last save or load
	PrefFirstFmt = "%s.first"    // game: the colour that moves first
	PrefRounds   = adjacency.Name + ".rounds"
	PrefDraw     = checkers.Name + ".drawMoves"
	PrefBotFmt   = "%s.%s.bot"   // game, colour: the seat is a bot
	PrefSpecFmt  = "%s.%s.spec"  // game, colour: the bot's spec (bots.Spec.String)
	PrefLevelFmt = "%s.%s.level" // game, colour: Easy, Medium, Hard or Custom
)

// Theme choices.
const (
	ThemeSystem = "System"
	ThemeLight  = "Light"
	ThemeDark   = "Dark"
)

// Custom is the level shown when a bot's settings match no preset.
const Custom = "Custom"

// Defaults.
const (
	DefaultRounds    = 28
	DefaultDrawMoves = 40
	DefaultDelayMs   = 500
)

func colourKey(p rules.Player) string {
	if p == rules.White {
		return "white"
	}
	return "black"
}

// prefs reads and writes the app's preferences.
type prefs struct{ p fyne.Preferences }

func (s prefs) game() *games.Game {
	g, err := games.Lookup(s.p.StringWithFallback(PrefGame, games.All[0].Name))
	if err != nil {
		return games.All[0]
	}
	return g
}

// settings returns the saved settings of game g.
func (s prefs) settings(g *games.Game) games.Settings {
	var st games.Settings
	if g.Has(games.SettingFirst) {
		if s.p.StringWithFallback(fmt.Sprintf(PrefFirstFmt, g.Name), "black") == "white" {
			st.First = rules.White
		}
	}
	if g.Has(games.SettingRounds) {
		st.Rounds = clamp(s.p.IntWithFallback(PrefRounds, DefaultRounds), 1, 28)
	}
	if g.Has(games.SettingDrawMoves) {
		st.DrawMoves = clamp(s.p.IntWithFallback(PrefDraw, DefaultDrawMoves), 1, 200)
	}
	return st
}

func (s prefs) setFirst(g *games.Game, p rules.Player) {
	s.p.SetString(fmt.Sprintf(PrefFirstFmt, g.Name), colourKey(p))
}

// seat returns the saved seat of colour p in game g: by default Black is
// a human and White a Medium bot.
func (s prefs) seat(g *games.Game, p rules.Player) (match.Seat, string) {
	c := colourKey(p)
	level := s.p.StringWithFallback(fmt.Sprintf(PrefLevelFmt, g.Name, c), bots.Medium)
	spec := bots.Preset(g.Name, bots.Medium)
	if level != Custom && slices.Contains(bots.LevelsFor(g.Name), level) {
		spec = bots.Preset(g.Name, level)
	}
	if text := s.p.StringWithFallback(fmt.Sprintf(PrefSpecFmt, g.Name, c), ""); text != "" {
		if sp, err := bots.ParseSpec(text); err == nil {
			spec = sp
		}
	}
	bot := s.p.BoolWithFallback(fmt.Sprintf(PrefBotFmt, g.Name, c), p == rules.White)
	return match.Seat{Bot: bot, Spec: spec}, level
}

func (s prefs) setSeat(g *games.Game, p rules.Player, seat match.Seat, level string) {
	c := colourKey(p)
	s.p.SetBool(fmt.Sprintf(PrefBotFmt, g.Name, c), seat.Bot)
	s.p.SetString(fmt.Sprintf(PrefSpecFmt, g.Name, c), seat.Spec.String())
	s.p.SetString(fmt.Sprintf(PrefLevelFmt, g.Name, c), level)
}

func (s prefs) delay() time.Duration {
	return time.Duration(clamp(s.p.IntWithFallback(PrefDelay, DefaultDelayMs), 0, 10000)) * time.Millisecond
}

func clamp(v, lo, hi int) int { return max(lo, min(v, hi)) }
