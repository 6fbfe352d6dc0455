// Package tr holds the words of the app in two languages, English and
// Bahasa Indonesia, through Fyne's lang package: the translations are the
// JSON files of boardgames/assets (lang/en.json, lang/id.json), embedded
// in the binary and added with lang.AddTranslationsFS.
//
// A text the user reads is written in English in the code, as the key of
// its translation, and goes through one of three functions:
//
//	tr.T("New game")                      // a fixed text (lang.L)
//	tr.F("Saved to %s.", path)            // a sentence with values (fmt verbs)
//	tr.N("%d move played", n, n)          // a plural, chosen by n (lang.N)
//
// The key must be a string literal: tr_test.go finds every call in the
// app's sources and checks that en.json and id.json both have the key
// (plurals with their forms: English "one" and "other", Indonesian
// "other"), that every translation has the key's fmt verbs, and that each
// call passes as many values as its key has verbs. Word order may change
// in a translation with explicit argument indexes ("%[2]s ... %[1]d").
// Running `go test ./app/internal/tr -update` adds the missing English
// entries (the key itself) to en.json and lists the missing Indonesian
// ones, which a person then writes into id.json.
//
// Use chooses the language: the system's (Fyne's lang.SystemLocale: the
// locale on Linux, the user's locale on Windows, the browser's language on
// the web; Indonesian for an Indonesian one, English otherwise) or one
// named. Fyne's lang package matches its translations against the system's
// languages only, each time translations are added, and has no setter; on
// Linux the environment could steer it, but Windows and the browser ask
// the system directly. So Use sets Fyne's localizer itself, through its
// one unexported setter (lang.setupLang, reached with go:linkname in
// fyne_link.go; TestUseIgnoresTheSystem fails if Fyne changes it), after
// adding the translations; the environment is left alone. Widgets take
// their text when they are made: after Use, the window is built again
// (see app.UI).
//
// The lower layers, which know nothing of the app, write some texts the
// window shows: the experiments' tables of package ai/lab and the help
// texts of the evaluations (ai/eval); the app words the algorithms' help
// itself (match.AlgoHelp), in sentences. They mark each such text where they write it: the
// first literal argument of a call of a function named text or say, or the
// two English forms given to sayN (tr_test.go's lowerDirs). The app
// translates such a text where it shows it, with Known and KnownN; the test
// finds the marked literals and checks their entries as it does tr's. The
// messages of the rules packages and of ai/bots about a user's own input (a
// pasted move list, a typed bot spec) stay English inside a translated
// frame: "Tidak bisa menempel: …".
//
// id.json also translates Fyne's own words (dialog buttons, the file
// dialog), which Fyne 2.7.1 ships in many languages but not Indonesian.
package tr

import (
	"fmt"
	"os"
	"strings"
	"sync"

	"fyne.io/fyne/v2/lang"

	"boardgames/assets"
)

// The languages.
const (
	English    = "en"
	Indonesian = "id"
	// System follows the system's locale.
	System = ""
)

// Languages lists the languages the app speaks, English first.
var Languages = []string{English, Indonesian}

var (
	once     sync.Once
	system   string // the system's language
	current  = English
	mu       sync.Mutex
	loadErr  error
	envNames = []string{"LC_ALL", "LC_MESSAGES", "LANG"}
)

// load adds the translations to Fyne's, reads the system language and
// uses it, so that a text asked for before any Use is in one of the app's
// languages (not in another language Fyne knows, which lacks the app's
// words).
func load() {
	// Fyne parses the POSIX locale "C" with an error on every look-up
	// (cmd/boardgames/internal/plainlocale does the same for the binary).
	for _, k := range envNames {
		if v := os.Getenv(k); v != "" {
			if base, _, _ := strings.Cut(v, "."); base == "C" || base == "POSIX" {
				os.Setenv(k, "en_US.UTF-8")
			}
			break
		}
	}
	system = English
	if strings.HasPrefix(lang.SystemLocale().LanguageString(), Indonesian) {
		system = Indonesian
	}
	loadErr = lang.AddTranslationsFS(assets.Translations, "lang")
	use(System)
}

// SystemLanguage is the language the system's locale asks for, of the
// app's languages: Indonesian for an Indonesian locale, else English.
func SystemLanguage() string {
	once.Do(load)
	return system
}

// Use makes choice (English, Indonesian, or System) the language of every
// text made from now on, and returns the language in use. Call it on the
// UI goroutine before building widgets.
func Use(choice string) (string, error) {
	once.Do(load)
	l, err := use(choice)
	if err == nil {
		err = loadErr
	}
	return l, err
}

func use(choice string) (string, error) {
	mu.Lock()
	defer mu.Unlock()
	l := choice
	if l != English && l != Indonesian {
		l = system
	}
	fyneSetupLang(l)
	current = l
	return l, nil
}

// Language is the language in use, English or Indonesian.
func Language() string {
	once.Do(load)
	mu.Lock()
	defer mu.Unlock()
	return current
}

// T translates a fixed text.
func T(key string) string {
	once.Do(load)
	return lang.L(key)
}

// F translates a sentence and fills in its values as fmt.Sprintf does.
func F(key string, args ...any) string {
	once.Do(load)
	return fmt.Sprintf(lang.L(key), args...)
}

// N translates a sentence with a plural form chosen by n and fills in its
// values (n among them, if the sentence shows it).
func N(key string, n int, args ...any) string {
	once.Do(load)
	if n < 0 {
		n = -n
	}
	return fmt.Sprintf(lang.N(key, n), args...)
}

// Known translates a text that a lower layer made: a format written there
// as a literal and marked for translation (see the package comment), with
// its values (a '%' of the text is written "%%").
// Unlike T, F and N its key is not a literal at the call; the test finds
// the keys where the lower layer writes them. An unknown key is used as it
// is, in English.
func Known(key string, args ...any) string {
	once.Do(load)
	return fmt.Sprintf(lang.L(key), args...)
}

// KnownN is Known for a text with a plural form chosen by n; key is its
// English form for one.
func KnownN(key string, n int, args ...any) string {
	once.Do(load)
	if n < 0 {
		n = -n
	}
	return fmt.Sprintf(lang.N(key, n), args...)
}
