package solvekit

import (
	"os"
	"path/filepath"
	"strings"
)

// dataDir is the folder of the shared test data seen from the directory of
// a solver package, where its tests run: ../../../../shared/data/<game>
// (see its README).
const dataDir = "../../../../shared/data"

// DataLines returns the lines of the test data file name of game
// ("connect4", "othello"), line i+1 of the file at index i, for the tests
// and benchmarks of the solvers. It fails when the file cannot be read:
// the data sets may be missing, and the tests then skip.
func DataLines(game, name string) ([]string, error) {
	b, err := os.ReadFile(filepath.Join(dataDir, game, name))
	if err != nil {
		return nil, err
	}
	return strings.Split(string(b), "\n"), nil
}
