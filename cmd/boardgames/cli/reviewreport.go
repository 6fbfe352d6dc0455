package cli

import (
	"fmt"
	"html"
	"io"
	"path/filepath"
	"strings"

	"boardgames/ai/review"
	"boardgames/app/safefile"
)

// writeReviewReport writes the reviews as HTML (with each game's graph) or
// Markdown, by the file's extension.
func writeReviewReport(name string, gs []reviewed) error {
	if strings.EqualFold(filepath.Ext(name), ".md") {
		return safefile.WriteFunc(name, func(w io.Writer) error { return reviewMarkdown(w, gs) })
	}
	return safefile.WriteFunc(name, func(w io.Writer) error { return reviewHTML(w, gs) })
}

// reviewLegend says how the labels are made, for both reports.
func reviewLegend(gs []reviewed) []string {
	out := []string{
		"A move's value is the value of the position after it, for the side that moved; the best move's value is the position's own.",
		"Exact values come from the Connect Four opening book and solver, the Othello endgame solver and the checkers endgame databases; a move that turns a win into a draw or a loss, or a draw into a loss, is a blunder.",
		"Elsewhere the engine judges by the value lost: Othello 2, 6 and 12 discs for an inaccuracy, a mistake and a blunder; checkers 0.3, 0.7 and 1.5 men; Adjacency 1, 2 and 4 marks.",
		"Accuracy is lichess' formula on the mover's win chance before and after each move; a side's accuracy is the mean over its labelled moves.",
	}
	seen := map[string]bool{}
	for _, g := range gs {
		if !seen[g.Engine] {
			seen[g.Engine] = true
			out = append(out, fmt.Sprintf("%s positions without an exact value: %s.", g.Title, g.Engine))
		}
	}
	return out
}

func reviewMarkdown(w io.Writer, gs []reviewed) error {
	var b strings.Builder
	b.WriteString("# Game review\n\n")
	for _, l := range reviewLegend(gs) {
		fmt.Fprintf(&b, "- %s\n", l)
	}
	if len(gs) > 1 {
		b.WriteString("\n## Players\n\n| player | games | moves | exact | accuracy | best | good | inaccuracies | mistakes | blunders |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
		for _, s := range playerSummaries(gs) {
			fmt.Fprintf(&b, "| %s | %d | %d | %d | %.1f%% | %d | %d | %d | %d | %d |\n", mdCell(s.Name), s.Games, s.Moves, s.Exact, s.Accuracy,
				s.Count[review.Best], s.Count[review.Good], s.Count[review.Inaccuracy], s.Count[review.Mistake], s.Count[review.Blunder])
		}
	}
	for _, g := range gs {
		fmt.Fprintf(&b, "\n## Game %d: %s, %s against %s: %s\n\n", g.Number, g.Title, mdCell(sideTitle(g, 0)), mdCell(sideTitle(g, 1)), g.Result)
		for p := range 2 {
			s := g.Sides[p]
			fmt.Fprintf(&b, "- %s: accuracy %.1f%%; %s (%d moves, %d exact)\n", mdCell(sideTitle(g, p)), s.Accuracy, countsText(s.Count), s.Moves, s.Exact)
		}
		fmt.Fprintf(&b, "\n| ply | side | move | label | played | best | best was | basis |\n|---:|---|---|---|---|---|---|---|\n")
		for _, m := range g.Moves {
			best := ""
			if m.Label != review.Best {
				best = strings.Join(m.Best, " ")
			}
			fmt.Fprintf(&b, "| %d | %s | %s | %s | %s | %s | %s | %s |\n", m.Ply, m.Side, m.Text, labelText(m.Label),
				review.Describe(m.Played, g.Unit), review.Describe(m.Before, g.Unit), best, m.Basis)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// mdCell keeps a table cell's text from breaking the table.
func mdCell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

func reviewHTML(w io.Writer, gs []reviewed) error {
	var b strings.Builder
	b.WriteString(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Game review</title>
<style>
body { font-family: sans-serif; margin: 2em; max-width: 60em; }
table { border-collapse: collapse; margin: 1em 0; }
td, th { border: 1px solid #ccc; padding: 0.2em 0.5em; text-align: left; }
td.n { text-align: right; }
.mark { font-weight: bold; }
</style></head><body>
<h1>Game review</h1>
<ul>
`)
	for _, l := range reviewLegend(gs) {
		fmt.Fprintf(&b, "<li>%s</li>\n", html.EscapeString(l))
	}
	b.WriteString("</ul>\n")
	if len(gs) > 1 {
		b.WriteString("<h2>Players</h2>\n<table><tr><th>player</th><th>games</th><th>moves</th><th>exact</th><th>accuracy</th><th>best</th><th>good</th><th>inaccuracies</th><th>mistakes</th><th>blunders</th></tr>\n")
		for _, s := range playerSummaries(gs) {
			fmt.Fprintf(&b, "<tr><td>%s</td><td class=n>%d</td><td class=n>%d</td><td class=n>%d</td><td class=n>%.1f%%</td><td class=n>%d</td><td class=n>%d</td><td class=n>%d</td><td class=n>%d</td><td class=n>%d</td></tr>\n",
				html.EscapeString(s.Name), s.Games, s.Moves, s.Exact, s.Accuracy,
				s.Count[review.Best], s.Count[review.Good], s.Count[review.Inaccuracy], s.Count[review.Mistake], s.Count[review.Blunder])
		}
		b.WriteString("</table>\n")
	}
	for _, g := range gs {
		fmt.Fprintf(&b, "<h2 id=\"game%d\">Game %d: %s, %s against %s: %s</h2>\n<ul>\n", g.Number, g.Number, html.EscapeString(g.Title),
			html.EscapeString(sideTitle(g, 0)), html.EscapeString(sideTitle(g, 1)), html.EscapeString(g.Result))
		for p := range 2 {
			s := g.Sides[p]
			fmt.Fprintf(&b, "<li>%s: accuracy %.1f%%; %s (%d moves, %d exact)</li>\n", html.EscapeString(sideTitle(g, p)), s.Accuracy,
				html.EscapeString(countsText(s.Count)), s.Moves, s.Exact)
		}
		b.WriteString("</ul>\n")
		if err := review.SVG(&b, g.Game, sideTitle(g, 0), sideTitle(g, 1)); err != nil {
			return err
		}
		b.WriteString("<table><tr><th>ply</th><th>side</th><th>move</th><th>label</th><th>played</th><th>best</th><th>best was</th><th>basis</th></tr>\n")
		for _, m := range g.Moves {
			best := ""
			if m.Label != review.Best {
				best = strings.Join(m.Best, " ")
			}
			style := ""
			if c := review.Colour(m.Label); c != "" {
				style = fmt.Sprintf(` class=mark style="color: %s"`, c)
			}
			fmt.Fprintf(&b, "<tr><td class=n>%d</td><td>%s</td><td>%s</td><td%s>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n",
				m.Ply, html.EscapeString(m.Side), html.EscapeString(m.Text), style, html.EscapeString(labelText(m.Label)),
				html.EscapeString(review.Describe(m.Played, g.Unit)), html.EscapeString(review.Describe(m.Before, g.Unit)),
				html.EscapeString(best), html.EscapeString(m.Basis))
		}
		b.WriteString("</table>\n")
	}
	b.WriteString("</body></html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}
