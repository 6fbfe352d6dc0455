// Package plainlocale replaces the POSIX "C" locale in the environment
// with en_US.UTF-8 before Fyne reads it. Fyne parses the locale while its
// packages initialise and logs an error for "C" and "C.UTF-8" (the default
// of containers and CI machines) on every run, subcommands included.
//
// Imported for its side effect by the main package. It imports nothing but
// os, so Go initialises it before Fyne's lang package (packages are
// initialised in import-path order once their imports are ready).
package plainlocale

import (
	"os"
	"strings"
)

func init() {
	for _, key := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		v, ok := os.LookupEnv(key)
		if !ok || v == "" {
			continue
		}
		if isPOSIX(v) {
			os.Setenv(key, "en_US.UTF-8")
		}
		return // the first one set is the one that counts
	}
}

func isPOSIX(v string) bool {
	base, _, _ := strings.Cut(v, ".")
	return base == "C" || base == "POSIX"
}
