package records

import (
	"fmt"
	"strings"

	"boardgames/rules"
)

// Filter picks games of a list by their tags and result. It is written as
// terms separated by spaces or commas, every one of which a game must
// match (case does not matter):
//
//	player=Tinsley   a player's tag (PDN's Black or White, GGF's PB or PW) contains it
//	event=Ohio       the Event, Site or GGF's PC tag contains it
//	year=1946        the Date (PDN) or DT (GGF) tag starts with the year, or,
//	                 without a date, the Event names it
//	result=1-0       the result: 1-0, 0-1, 1/2-1/2 (or draw), * (none),
//	                 black or white (that colour won)
//	Fuller           a word alone: any tag's value contains it
//
// A value with spaces is written with underscores for them
// (event=US_National).
type Filter struct {
	terms []filterTerm
}

type filterTerm struct {
	key, value string
	result     rules.Result
}

// ParseFilter reads a Filter; "" matches every game.
func ParseFilter(s string) (Filter, error) {
	var f Filter
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' }) {
		key, value, ok := strings.Cut(w, "=")
		if !ok {
			key, value = "", w
		}
		key = strings.ToLower(strings.TrimSpace(key))
		value = strings.ToLower(strings.ReplaceAll(strings.TrimSpace(value), "_", " "))
		if value == "" {
			return Filter{}, fmt.Errorf("records: filter %s has no value (write %s=...)", show(w), key)
		}
		t := filterTerm{key: key, value: value}
		switch key {
		case "", "player", "event", "year":
		case "result":
			switch value {
			case "1-0", "black":
				t.result = rules.BlackWins
			case "0-1", "white":
				t.result = rules.WhiteWins
			case "1/2-1/2", "draw", "=":
				t.result = rules.Draw
			case "*", "none", "unknown":
				t.result = rules.Ongoing
			default:
				return Filter{}, fmt.Errorf("records: result=%s: write 1-0, 0-1, 1/2-1/2, draw, black, white or *", show(value))
			}
		default:
			return Filter{}, fmt.Errorf("records: unknown filter %s (choose player=, event=, year=, result= or a word)", show(key))
		}
		f.terms = append(f.terms, t)
	}
	return f, nil
}

// IsZero reports whether f matches every game.
func (f Filter) IsZero() bool { return len(f.terms) == 0 }

// Match reports whether g matches every term of f.
func (f Filter) Match(g *Game) bool {
	return f.MatchSummary(&Summary{Game: g.Game, Tags: g.Tags, Final: g.Final()})
}

// MatchSummary reports whether the game of a summary matches every term
// of f.
func (f Filter) MatchSummary(s *Summary) bool {
	for _, t := range f.terms {
		if !t.match(s) {
			return false
		}
	}
	return true
}

func (t filterTerm) match(g *Summary) bool {
	has := func(names ...string) bool {
		for _, n := range names {
			if strings.Contains(strings.ToLower(g.Tag(n)), t.value) {
				return true
			}
		}
		return false
	}
	switch t.key {
	case "player":
		p := PlayerTags(g.Game)
		return p[0] != "" && has(p[0], p[1])
	case "event":
		return has("Event", "Site", "PC")
	case "year":
		date := g.Tag("Date")
		if date == "" {
			date = g.Tag("DT")
		}
		if date != "" && !strings.HasPrefix(date, "?") {
			return strings.HasPrefix(date, t.value)
		}
		return has("Event")
	case "result":
		return g.Final == t.result
	}
	for _, tag := range g.Tags {
		if strings.Contains(strings.ToLower(tag.Value), t.value) {
			return true
		}
	}
	return false
}
