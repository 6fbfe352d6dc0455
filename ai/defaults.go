package ai

// Defaults returns the values algo gives the fields of Params left at
// zero, for forms and help texts that show them instead of "default":
// the depth of minimax, alphabeta and negascout (4), of annealing's
// shallow search (1) and of genetic's plans (3); mcts's iterations,
// exploration constant and playouts; annealing's temperatures and cooling;
// genetic's population, generations and mutation rate; the engine's table
// size. Fields without a default (Time, Seed, Ordering, Threads) stay
// zero, and so does annealing's Iterations: by default it runs as many
// steps as it takes to cool from T0 to T1.
func Defaults(algo string) Params {
	var p Params
	switch algo {
	case "minimax", "alphabeta", "negascout":
		p.Depth = defaultDepth
	case "engine":
		p.TTMiB = defaultTTMiB
	case "mcts":
		p.Iterations, p.Exploration, p.Playout = defaultIterations, defaultExploration, "random"
	case "annealing":
		p.Depth, p.T0, p.T1, p.Cooling = 1, defaultT0, defaultT1, defaultCooling
	case "genetic":
		p.Depth, p.Population, p.Generations, p.Mutation = defaultPlanLength, defaultPopulation, defaultGenerations, defaultMutation
	}
	return p
}
