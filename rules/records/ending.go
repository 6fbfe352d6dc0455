package records

import "strings"

// Ending says how a game ended: by its rules (Normal), or before them by
// a resignation, a forfeit, a loss on time, an agreed draw or an
// adjudication, with the reason when there is one ("White's program made
// an illegal move"). PDN keeps it in a Termination tag, as PGN does
// ([Termination "forfeit: ..."]); GGF in RE's suffix (:r resigned or
// forfeited, :t time, :s agreed) and, with its reason, in a TE property.
// The zero Ending says nothing: the result is the moves' own, or the one
// the file records without saying why.
type Ending struct {
	// Kind is one of the kinds below, or another word a file gave
	// (kept as it is).
	Kind   string
	Reason string
}

// The kinds of Ending.
const (
	Normal       = "normal"
	Resignation  = "resignation"
	Forfeit      = "forfeit"
	TimeForfeit  = "time forfeit"
	AgreedDraw   = "agreed draw"
	Adjudication = "adjudication"
)

// String writes an ending as a Termination tag holds it: its kind, then
// ": " and its reason when it has one; "" for the zero Ending.
func (e Ending) String() string {
	kind := strings.TrimSpace(oneLine(e.Kind))
	reason := strings.TrimSpace(oneLine(e.Reason))
	switch {
	case reason == "":
		return kind
	case kind == "":
		return reason
	}
	return kind + ": " + reason
}

// IsZero reports whether e says nothing.
func (e Ending) IsZero() bool { return e.String() == "" }

// ParseEnding reads what String writes: a kind, then ": " and a reason.
// A text whose start is none of the kinds is a kind of its own (PGN's
// "abandoned", "rules infraction").
func ParseEnding(s string) Ending {
	s = strings.TrimSpace(oneLine(s))
	for _, k := range []string{Normal, Resignation, Forfeit, TimeForfeit, AgreedDraw, Adjudication} {
		if strings.EqualFold(s, k) {
			return Ending{Kind: k}
		}
		if len(s) > len(k)+1 && strings.EqualFold(s[:len(k)+1], k+":") {
			return Ending{Kind: k, Reason: strings.TrimSpace(s[len(k)+1:])}
		}
	}
	return Ending{Kind: s}
}

// oneLine puts text on one line: a tag's value has no line breaks.
func oneLine(s string) string {
	return strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(s)
}

// Forfeited is the Ending of a game that the player of the colour named
// lost by its program's fault (gtp.Fault's text, such as "illegal move:
// 9"): a resignation when the program resigned, a forfeit otherwise, with
// the colour, the player and the fault as its reason.
func Forfeited(colour, player, fault string, resigned bool) Ending {
	who := colour
	if player != "" {
		who += " (" + player + ")"
	}
	if resigned {
		return Ending{Kind: Resignation, Reason: who + " resigned"}
	}
	return Ending{Kind: Forfeit, Reason: who + ": " + fault}
}
