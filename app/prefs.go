package app

import (
	"fmt"
	"slices"
	"time"

	"fyne.io/fyne/v2"

	"boardgames/ai/bots"
	"boardgames/app/internal/tr"
	"boardgames/app/match"
	"boardgames/rules"
	"boardgames/rules/adjacency"
	"boardgames/rules/checkers"
	"boardgames/rules/games"
	"boardgames/rules/othello"
)

// Preference keys. Per-game keys are formats taking the game's name (and
// the colour, "black" or "white").
const (
	PrefGame     = "game"        // the game last played
	PrefTheme    = "theme"       // ThemeSystem, ThemeLight or ThemeDark
	PrefAnimate  = "animate"     // animate moves
	PrefCoords   = "coordinates" // coordinates along the board's edges
	PrefMarks    = "changeMarks" // mark what the last two moves changed
	PrefDelay    = "botDelayMs"  // pause before each bot move
	PrefScale    = "scalePct"    // text and board size in percent (scaleChoices)
	PrefLanguage = "language"    // tr.English, tr.Indonesian, or "" for the system's
	PrefFlipFmt  = "%s.flipped"  // game: the board is turned half a turn
	PrefFolder   = "lastFolder"  // the folder of the last save or load
	PrefFirstFmt = "%s.first"    // game: the colour that moves first
	PrefRounds   = adjacency.Name + ".rounds"
	PrefDraw     = checkers.Name + ".drawMoves"
	PrefNoPass   = othello.Name + ".noPass" // paper 000's rule: no passing, the game ends instead
	PrefBotFmt   = "%s.%s.bot"              // game, colour: the seat is a bot
	PrefSpecFmt  = "%s.%s.spec"             // game, colour: the bot's spec (bots.Spec.String)
	PrefLevelFmt = "%s.%s.level"            // game, colour: Easy, Medium, Hard or Custom
)

// Theme choices.
const (
	ThemeSystem = "System"
	ThemeLight  = "Light"
	ThemeDark   = "Dark"
)

// themeChoices lists the theme choices in the order they are offered.
var themeChoices = []string{ThemeSystem, ThemeLight, ThemeDark}

// scaleChoices are the sizes offered, in percent.
var scaleChoices = []int{100, 125, 150, 175, 200}

// languageChoices are the language choices: the system's, English,
// Indonesian.
var languageChoices = []string{tr.System, tr.English, tr.Indonesian}

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
	if g.Has(games.SettingNoPass) {
		st.NoPass = s.p.BoolWithFallback(PrefNoPass, false)
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
	switch {
	case level != Custom && slices.Contains(bots.LevelsFor(g.Name), level):
		spec = bots.Preset(g.Name, level)
	case !slices.Contains(levelIDs(g.Name), level):
		level = Custom // a level of another version, or a paper's bot of another game
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

func (s prefs) theme() string {
	c := s.p.StringWithFallback(PrefTheme, ThemeSystem)
	if !slices.Contains(themeChoices, c) {
		return ThemeSystem
	}
	return c
}

// scale is the size setting in percent, one of scaleChoices.
func (s prefs) scale() int {
	v := s.p.IntWithFallback(PrefScale, 100)
	if !slices.Contains(scaleChoices, v) {
		return 100
	}
	return v
}

// language is the language choice, one of languageChoices.
func (s prefs) language() string {
	l := s.p.StringWithFallback(PrefLanguage, tr.System)
	if !slices.Contains(languageChoices, l) {
		return tr.System
	}
	return l
}

// flipped reports whether game g's board is shown turned.
func (s prefs) flipped(g *games.Game) bool {
	return s.p.BoolWithFallback(fmt.Sprintf(PrefFlipFmt, g.Name), false)
}

func (s prefs) setFlipped(g *games.Game, on bool) {
	s.p.SetBool(fmt.Sprintf(PrefFlipFmt, g.Name), on)
}

func (s prefs) delay() time.Duration {
	return time.Duration(clamp(s.p.IntWithFallback(PrefDelay, DefaultDelayMs), 0, 10000)) * time.Millisecond
}

func clamp(v, lo, hi int) int { return max(lo, min(v, hi)) }
