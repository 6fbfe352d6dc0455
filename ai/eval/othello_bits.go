package eval

// OthelloPatternBits is the pattern evaluation (the shipped weights) of
// own, the side to move's discs, against opp: the estimated final disc
// margin, DiscUnit to the disc. It is othelloPattern on bare bitboards,
// for searches that keep no othello.Position (the exact endgame solver's
// move ordering, endgame.Solver.SetEvaluation).
func OthelloPatternBits(own, opp uint64) int { return shippedOthello().eval(own, opp) }
