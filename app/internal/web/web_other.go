//go:build !js

package web

// Browser reports whether the program runs in a web page.
const Browser = false

// Download offers data as a file named name (see web_js.go).
func Download(name, mime string, data []byte) error { return ErrNotBrowser }

// Pick asks for a file (see web_js.go).
func Pick(accept string, maxSize int, done func(name string, data []byte, err error)) error {
	return ErrNotBrowser
}

// Store keeps text under key (see web_js.go).
func Store(key, text string) error { return ErrNotBrowser }

// Stored returns the text kept under key (see web_js.go).
func Stored(key string) (string, bool) { return "", false }
