//go:build !unix

package safefile

import (
	"io/fs"
	"os"
)

// chownLike does nothing where files have no Unix owner.
func chownLike(*os.File, fs.FileInfo) {}

// mayFollow: no owners of links here, nothing to refuse.
func mayFollow(string, fs.FileInfo) error { return nil }
