package bots

import (
	"strings"

	"boardgames/ai/papers"
)

// PaperPreset is a paper's bot offered as a seat preset: one click sets
// the seat to the bot exactly as its paper publishes it.
type PaperPreset struct {
	Label string // such as "Paper 002 annealing"
	Spec  Spec
}

// kindLabels writes the part of a paper bot's name after the paper.
var kindLabels = map[string]string{"negascout": "NegaScout", "alphabeta": "alpha-beta",
	"genetic-intended": "genetic (as the text intends)"}

// PaperPresets lists the papers' bots that play game, in paper order.
func PaperPresets(game string) []PaperPreset {
	var out []PaperPreset
	for _, b := range papers.Bots {
		if b.Game != game {
			continue
		}
		label := "Paper " + b.Paper
		if _, kind, ok := strings.Cut(b.Name, "-"); ok {
			label += " " + kindLabels[kind]
			if kindLabels[kind] == "" {
				label += kind
			}
		}
		out = append(out, PaperPreset{Label: label, Spec: Spec{Algo: b.Name}})
	}
	return out
}
