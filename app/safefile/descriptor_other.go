//go:build !unix

package safefile

import (
	"errors"
	"io/fs"
	"os"
)

// ownDescriptor: descriptors have no names here.
func ownDescriptor(string) (int, bool) { return 0, false }

func statDescriptor(int) (fs.FileInfo, error) { return nil, errors.ErrUnsupported }

func dupDescriptor(int, string) (*os.File, error) { return nil, errors.ErrUnsupported }
