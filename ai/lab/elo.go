package lab

import "boardgames/ai/stats"

// EloDiff estimates the Elo rating difference of a player from its
// per-game scores (1 win, 0.5 draw, 0 loss), with a 95% confidence
// interval: stats.EloDiff, kept here for the callers of the lab.
func EloDiff(scores []float64) (elo, low, high float64) {
	e := stats.EloDiff(scores)
	return e.Value, e.Low, e.High
}

// eloFromCounts is EloDiff of a player's wins, draws and losses.
func eloFromCounts(wins, draws, losses int) (elo, low, high float64) {
	e := stats.EloCounts(wins, draws, losses)
	return e.Value, e.Low, e.High
}

// EloFromScore converts a score fraction p (0..1) over n games to an Elo
// difference: stats.EloFromScore.
func EloFromScore(p, n float64) float64 { return stats.EloFromScore(p, n) }
