//go:build js

package weights

// Othello is empty in the browser build: the pattern evaluation's weights
// are left out of the page (see the package comment).
var Othello []byte
