//go:build !js

package weights

import _ "embed"

// Othello holds the Othello pattern evaluation's weights.
//
//go:embed othello.weights
var Othello []byte
