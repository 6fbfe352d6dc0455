package tr

import (
	"bytes"
	"encoding/json"
	"flag"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "add missing English entries to assets/lang/en.json")

// The app's sources (this package is app/internal/tr) and the files.
const (
	appDir   = "../.."
	langDir  = "../../../assets/lang"
	enFile   = langDir + "/en.json"
	idFile   = langDir + "/id.json"
	funcs    = "T F N"
	maxWords = 2000
)

// call is one tr.T, tr.F or tr.N in the sources, or one text that a lower
// layer marks for translation (see lowerDirs).
type call struct {
	fn, key string
	other   string // the English plural form a lower layer gives (sayN)
	args    int    // values after the key (after n for N)
	where   string
}

// lowerDirs are the lower layers' folders whose texts the app shows and
// translates with Known and KnownN: there, the first literal argument of a
// call of text or say is a key (fn "T" or "F"), and those of sayN are the
// English forms of a plural key (fn "N"; its count comes first).
var lowerDirs = []string{"../../../ai/lab", "../../../ai/eval"}

// scan finds every call of tr.T, tr.F and tr.N under dir.
func scan(t *testing.T, dir string) []call { return scanDir(t, dir, false) }

// scanDir finds the calls under dir: tr's, or with lower set the marked
// texts of a lower layer (test files left out).
func scanDir(t *testing.T, dir string, lower bool) []call {
	t.Helper()
	var calls []call
	fset := token.NewFileSet()
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || lower && strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			ce, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			var c call
			var keyArg int
			switch fn := ce.Fun.(type) {
			case *ast.SelectorExpr:
				x, ok := fn.X.(*ast.Ident)
				switch {
				case !lower && ok && x.Name == "tr" && slices.Contains(strings.Fields(funcs), fn.Sel.Name):
					c.fn = fn.Sel.Name
				case lower:
					c.fn, keyArg = lowerFn(fn.Sel.Name)
				}
			case *ast.Ident:
				if lower {
					c.fn, keyArg = lowerFn(fn.Name)
				}
			}
			if c.fn == "" {
				return true
			}
			c.where = fset.Position(ce.Pos()).String()
			if len(ce.Args) <= keyArg {
				t.Errorf("%s: %s without a key", c.where, c.fn)
				return true
			}
			key, ok := constString(ce.Args[keyArg])
			if !ok {
				t.Errorf("%s: the key of %s must be a string literal", c.where, c.fn)
				return true
			}
			c.key = key
			c.args = len(ce.Args) - 1
			switch {
			case c.fn == "N" && lower: // sayN(n, one, other, args...)
				if c.other, ok = constString(ce.Args[2]); !ok {
					t.Errorf("%s: the plural of sayN must be a string literal", c.where)
				}
				c.args -= 2
			case c.fn == "N":
				c.args--
			}
			if ce.Ellipsis.IsValid() {
				c.args = -1 // a slice of values: not counted
			}
			calls = append(calls, c)
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return calls
}

// lowerFn is the kind of a lower layer's marking call named name ("" for
// none) and the index of its key among the arguments.
func lowerFn(name string) (string, int) {
	switch name {
	case "text":
		return "T", 0
	case "say":
		return "F", 0
	case "sayN":
		return "N", 1
	}
	return "", 0
}

// constString is the value of a string literal, or of a concatenation of
// them.
func constString(e ast.Expr) (string, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(e.Value)
		return s, err == nil
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return "", false
		}
		a, ok1 := constString(e.X)
		b, ok2 := constString(e.Y)
		return a + b, ok1 && ok2
	case *ast.ParenExpr:
		return constString(e.X)
	}
	return "", false
}

// entry is a translation: a text, or plural forms.
type entry struct {
	text   string
	plural map[string]string
}

func (e entry) forms() []string {
	if e.plural == nil {
		return []string{e.text}
	}
	var out []string
	for _, f := range []string{"zero", "one", "two", "few", "many", "other"} {
		if v, ok := e.plural[f]; ok {
			out = append(out, v)
		}
	}
	return out
}

func readFile(t *testing.T, path string) map[string]entry {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	out := map[string]entry{}
	for k, v := range raw {
		switch v := v.(type) {
		case string:
			out[k] = entry{text: v}
		case map[string]any:
			e := entry{plural: map[string]string{}}
			for form, text := range v {
				s, ok := text.(string)
				if !ok {
					t.Errorf("%s: %q: form %q is not a text", path, k, form)
				}
				e.plural[form] = s
			}
			out[k] = e
		default:
			t.Errorf("%s: %q is neither a text nor plural forms", path, k)
		}
	}
	return out
}

// verbs lists the fmt verbs of a format as "index:verb" (flags and
// widths dropped), sorted, so that a translation may reorder them with
// explicit indexes.
func verbs(format string) []string {
	var out []string
	arg := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		if i < len(format) && format[i] == '%' {
			continue
		}
		for i < len(format) && strings.IndexByte("+-# 0123456789.", format[i]) >= 0 {
			i++
		}
		if i < len(format) && format[i] == '[' {
			end := strings.IndexByte(format[i:], ']')
			if end < 0 {
				return append(out, "bad index")
			}
			n, _ := strconv.Atoi(format[i+1 : i+end])
			arg = n - 1
			i += end + 1
			for i < len(format) && strings.IndexByte("+-# 0123456789.", format[i]) >= 0 {
				i++
			}
		}
		if i >= len(format) {
			return append(out, "bad verb")
		}
		out = append(out, strconv.Itoa(arg)+":"+string(format[i]))
		arg++
	}
	sort.Strings(out)
	return out
}

// fyneKeys are the keys of Fyne's own English translations, which id.json
// translates too.
func fyneKeys(t *testing.T) map[string]entry {
	t.Helper()
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "fyne.io/fyne/v2").Output()
	if err != nil {
		t.Fatalf("locating Fyne's module: %v", err)
	}
	return readFile(t, filepath.Join(strings.TrimSpace(string(out)), "lang", "translations", "base.en.json"))
}

func TestTranslations(t *testing.T) {
	calls := scan(t, appDir)
	if len(calls) == 0 {
		t.Fatal("no calls of tr.T, tr.F or tr.N found")
	}
	for _, dir := range lowerDirs {
		lower := scanDir(t, dir, true)
		if len(lower) == 0 {
			t.Fatalf("no marked texts found in %s", dir)
		}
		calls = append(calls, lower...)
	}
	en, id := readFile(t, enFile), readFile(t, idFile)
	fyne := fyneKeys(t)
	used := map[string]call{}
	var missingEN []call
	for _, c := range calls {
		if prev, ok := used[c.key]; ok && (prev.fn == "N") != (c.fn == "N") {
			t.Errorf("%s: %q is a plural at %s and not here", c.where, c.key, prev.where)
		}
		used[c.key] = c
		want := verbs(c.key)
		if c.args >= 0 && c.args != len(want) {
			t.Errorf("%s: tr.%s(%q) has %d values for %d verbs", c.where, c.fn, c.key, c.args, len(want))
		}
		for _, file := range []struct {
			name string
			m    map[string]entry
		}{{"en.json", en}, {"id.json", id}} {
			e, ok := file.m[c.key]
			if !ok {
				if file.name == "en.json" {
					missingEN = append(missingEN, c)
				} else {
					t.Errorf("%s: %q has no entry in %s", c.where, c.key, file.name)
				}
				continue
			}
			switch {
			case c.fn == "N" && e.plural == nil:
				t.Errorf("%s: %q is a plural (tr.N) but a plain text", file.name, c.key)
			case c.fn == "N" && e.plural["other"] == "":
				t.Errorf("%s: %q has no \"other\" form", file.name, c.key)
			case c.fn == "N" && file.name == "en.json" && e.plural["one"] == "":
				t.Errorf("%s: %q has no \"one\" form", file.name, c.key)
			case c.other != "" && file.name == "en.json" && (e.plural["one"] != c.key || e.plural["other"] != c.other):
				t.Errorf("%s: %q: the forms %q, %q are not the source's %q, %q", file.name, c.key,
					e.plural["one"], e.plural["other"], c.key, c.other)
			case c.fn != "N" && e.plural != nil:
				t.Errorf("%s: %q is a plain text (tr.%s) but has plural forms", file.name, c.key, c.fn)
			}
			for _, text := range e.forms() {
				if text == "" {
					t.Errorf("%s: %q is empty", file.name, c.key)
				}
				if got := verbs(text); !slices.Equal(got, want) && c.fn != "T" {
					t.Errorf("%s: %q: the translation %q has the verbs %v, the key %v", file.name, c.key, text, got, want)
				}
			}
		}
	}
	if len(missingEN) > 0 {
		if *update {
			addEnglish(t, missingEN)
		} else {
			for _, c := range missingEN {
				t.Errorf("%s: %q has no entry in en.json (go test -update adds it)", c.where, c.key)
			}
		}
	}
	// No key that go-i18n reads as a field of a message: such a key
	// makes the whole file one message, and every word English.
	for name, m := range map[string]map[string]entry{"en.json": en, "id.json": id} {
		for k := range m {
			if slices.Contains(strings.Fields("id description hash leftdelim rightdelim zero one two few many other translation"), strings.ToLower(k)) {
				t.Errorf("%s: %q is a reserved word of go-i18n: reword the text", name, k)
			}
		}
	}
	// Every Fyne word in Indonesian too.
	for k := range fyne {
		if _, ok := id[k]; !ok {
			t.Errorf("id.json has no translation of Fyne's %q", k)
		}
	}
	// No leftovers: every entry is used (or is one of Fyne's words).
	for name, m := range map[string]map[string]entry{"en.json": en, "id.json": id} {
		for k := range m {
			if _, ok := used[k]; !ok {
				if _, ok := fyne[k]; !ok {
					t.Errorf("%s: %q is not used by the app", name, k)
				}
			}
		}
	}
	if len(used) > maxWords {
		t.Errorf("%d keys: more than %d is a sign of keys made at run time", len(used), maxWords)
	}
}

// addEnglish writes the missing keys into en.json: a text is its key; a
// plural gets the key as both forms, to be corrected by hand.
func addEnglish(t *testing.T, missing []call) {
	data, err := os.ReadFile(enFile)
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	for _, c := range missing {
		if c.fn == "N" && c.other != "" {
			raw[c.key] = map[string]string{"one": c.key, "other": c.other}
		} else if c.fn == "N" {
			raw[c.key] = map[string]string{"one": c.key, "other": c.key}
			t.Logf("added the plural %q to en.json: write its forms", c.key)
		} else {
			raw[c.key] = c.key
		}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(raw); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(enFile, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("added %d keys to en.json", len(missing))
}

func TestVerbs(t *testing.T) {
	for format, want := range map[string][]string{
		"plain":                 nil,
		"100%% sure":            nil,
		"%s played %s":          {"0:s", "1:s"},
		"%[2]s oleh %[1]s":      {"0:s", "1:s"},
		"%+d discs, %.1fs, %3d": {"0:d", "1:f", "2:d"},
	} {
		if got := verbs(format); !slices.Equal(got, want) {
			t.Errorf("verbs(%q) = %v, want %v", format, got, want)
		}
	}
}

// The language switch reaches Fyne's words and ours, and comes back.
func TestUse(t *testing.T) {
	t.Setenv("LANGUAGE", "")
	t.Setenv("LC_ALL", "C")
	defer Use(English)
	if l, err := Use(Indonesian); err != nil || l != Indonesian || Language() != Indonesian {
		t.Fatalf("Use(id) = %q, %v", l, err)
	}
	if got := T("Cancel"); got != "Batal" {
		t.Errorf("Fyne's Cancel in Indonesian: %q", got)
	}
	if l, _ := Use(English); l != English || T("Cancel") != "Cancel" {
		t.Errorf("back to English: %q %q", l, T("Cancel"))
	}
	if got := N("%d move played", 1, 1); got != "1 move played" {
		t.Errorf("plural one: %q", got)
	}
	if got := N("%d move played", 3, 3); got != "3 moves played" {
		t.Errorf("plural other: %q", got)
	}
	Use(Indonesian)
	if got := N("%d move played", 1, 1); got != "1 langkah" {
		t.Errorf("Indonesian plural: %q", got)
	}
}

// The setting wins over the system's languages on every platform: Windows
// and the browser give Fyne their languages without the environment, so Use
// must not steer Fyne through it (it did: LANGUAGE), and a system that asks
// for English still gets Indonesian, Fyne's own words included.
func TestUseIgnoresTheSystem(t *testing.T) {
	t.Setenv("LANGUAGE", "en_US")
	t.Setenv("LC_ALL", "en_US.UTF-8")
	defer Use(English)
	if l, err := Use(Indonesian); err != nil || l != Indonesian {
		t.Fatalf("Use(id) = %q, %v", l, err)
	}
	if got := os.Getenv("LANGUAGE"); got != "en_US" {
		t.Errorf("Use changed the environment: LANGUAGE=%q", got)
	}
	if got := T("Cancel"); got != "Batal" {
		t.Errorf("Fyne's Cancel under an English system, Indonesian chosen: %q", got)
	}
	if got := T("New game"); got == "New game" {
		t.Errorf("our New game stayed English")
	}
	if l, _ := Use(English); l != English || T("Cancel") != "Cancel" {
		t.Errorf("back to English: %q %q", l, T("Cancel"))
	}
	if l, _ := Use(System); l != SystemLanguage() {
		t.Errorf("the system's language: %q, not %q", l, SystemLanguage())
	}
}
