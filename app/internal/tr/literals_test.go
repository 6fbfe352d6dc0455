package tr

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// The words the app shows are written in tr calls; a text in English
// outside them is a text that stays English in Indonesian. The test below
// finds string literals with letters in them under app/ (in calls, in
// the label and title fields of composite literals, and through the
// package's string constants and variables) that do not go through tr,
// except where a literal is no text for a reader: calls of the packages
// and functions in quietCalls (preference keys, file paths, logs),
// literals without a word (fmt verbs, signs, units such as "%s s" are
// checked through tr too) and the few strings of notWords.

// quietCalls are callees whose string arguments are no text for a reader:
// "pkg.Func" or "Method" (any receiver).
var quietCalls = []string{
	// Preferences and their keys.
	"BoolWithFallback", "SetBool", "IntWithFallback", "SetInt", "FloatWithFallback", "SetFloat",
	"StringWithFallback", "SetString", "String", "Bool", "Int", "RemoveValue",
	// Logs (stderr, for developers), and text written to files (the
	// saved-game format).
	"fyne.LogError", "log.Print", "log.Printf", "log.Println", "fmt.Fprint", "fmt.Fprintf", "fmt.Fprintln",
	// Strings, bytes, paths, parsing and look-ups by name.
	"strings.*", "bytes.*", "slices.*", "maps.*", "strconv.*", "filepath.*", "os.*", "storage.*", "repository.*",
	"time.*", "regexp.*", "utf8.*", "unicode.*", "errors.Is", "games.Lookup", "bots.ParseSpec", "bots.Preset",
	"ParseSquare", "delete", "web.*",
	// Names of theme sizes, icons and resources.
	"theme.*", "fyne.NewStaticResource",
	// The main menu's items name their shortcut by a key (actions.go).
	"item#1",
	// Code names of algorithms and evaluations, which these functions word.
	"algoName", "match.AlgoTitle", "match.EvalTitle",
	// The lab's check boxes, ticked by the ids of their algorithms.
	"setIDs",
	// Positions written in a game's notation (the position editor).
	"notation",
}

// textFields are the fields of composite literals that hold a text shown
// to the user (a button's label, a chart series' name...).
var textFields = []string{"label", "Label", "title", "Title", "Text", "text", "Name", "Help"}

// notWords are literals with letters that are no words: names of things
// that are the same in every language.
var notWords = []string{
	"A",             // a probe for the height of a line of text
	"true", "false", // values of a setting
}

// unitOnly matches a number with a unit that reads the same in both
// languages (100ms, 2s, 50 %), and fileName a file's name or extension
// (compare.csv, -paper.csv).
var (
	unitOnly = regexp.MustCompile(`^[0-9.,]+ ?(ms|s|µs|%)$`)
	fileName = regexp.MustCompile(`^[a-z0-9-]*\.(csv|png|txt|bgame|json|md|html)$`)
)

// verb matches a fmt verb.
var verb = regexp.MustCompile(`%(\[\d+\])?[-+# 0-9.*]*(\[\d+\])?[a-zA-Z%]`)

// hasWord reports whether a literal has a letter outside its fmt verbs.
func hasWord(s string) bool {
	if slices.Contains(notWords, s) || unitOnly.MatchString(s) || fileName.MatchString(s) {
		return false
	}
	return strings.IndexFunc(verb.ReplaceAllString(s, ""), unicode.IsLetter) >= 0
}

// pkgFiles is one package's files.
type pkgFiles struct {
	files  []*ast.File
	values map[string][]*ast.BasicLit // package-level string constants and variables
}

func TestNoUntranslatedText(t *testing.T) {
	fset := token.NewFileSet()
	pkgs := map[string]*pkgFiles{}
	err := filepath.WalkDir(appDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "testdata", "apptest", "dialogtest", "safefiletest":
				return filepath.SkipDir // tests only
			case "tr":
				return filepath.SkipDir // the words themselves
			case "web":
				return filepath.SkipDir // names of the page's JavaScript API
			case "board", "safefile":
				// Shared with the command line, which speaks English: the
				// errors of RenderPNG, and those of safefile, which the
				// app words itself (app/internal/fileerr).
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		dir := filepath.Dir(path)
		p := pkgs[dir]
		if p == nil {
			p = &pkgFiles{values: map[string][]*ast.BasicLit{}}
			pkgs[dir] = p
		}
		p.files = append(p.files, f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	seen := map[token.Pos]bool{}
	for _, p := range pkgs {
		for _, f := range p.files {
			collectValues(f, p.values)
		}
		for _, f := range p.files {
			report := func(lit *ast.BasicLit) {
				if seen[lit.Pos()] {
					return
				}
				seen[lit.Pos()] = true
				s, _ := strconv.Unquote(lit.Value)
				if hasWord(s) {
					found = append(found, fset.Position(lit.Pos()).String()+": "+lit.Value)
				}
			}
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.GenDecl:
					if n.Tok == token.IMPORT {
						return false
					}
				case *ast.CallExpr:
					name := callee(n)
					if name == "tr.T" || name == "tr.F" || name == "tr.N" || quiet(name, -1) {
						return false
					}
					for i, a := range n.Args {
						if !quiet(name, i) {
							literals(a, p.values, report)
						}
					}
					return false
				case *ast.CompositeLit:
					for _, e := range n.Elts {
						kv, ok := e.(*ast.KeyValueExpr)
						if !ok {
							continue
						}
						if k, ok := kv.Key.(*ast.Ident); ok && slices.Contains(textFields, k.Name) {
							literals(kv.Value, p.values, report)
						}
					}
				}
				return true
			})
		}
	}
	sort.Strings(found)
	for _, f := range found {
		t.Errorf("%s is shown without tr", f)
	}
}

// collectValues records the package-level string constants and variables
// of f: their literals, by name.
func collectValues(f *ast.File, values map[string][]*ast.BasicLit) {
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || (g.Tok != token.CONST && g.Tok != token.VAR) {
			continue
		}
		for _, s := range g.Specs {
			vs := s.(*ast.ValueSpec)
			for i, name := range vs.Names {
				if i >= len(vs.Values) {
					continue
				}
				ast.Inspect(vs.Values[i], func(n ast.Node) bool {
					if c, ok := n.(*ast.CallExpr); ok && (callee(c) == "tr.T" || callee(c) == "tr.F" || callee(c) == "tr.N") {
						return false
					}
					if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
						values[name.Name] = append(values[name.Name], lit)
					}
					return true
				})
			}
		}
	}
}

// literals reports the string literals of expression e that reach its
// value: literals, the constants and variables named, concatenations,
// composite literals and the arguments of calls other than tr's.
func literals(e ast.Expr, values map[string][]*ast.BasicLit, report func(*ast.BasicLit)) {
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // its body is inspected on its own
		case *ast.KeyValueExpr:
			// A field of a composite literal: a text only in a text field
			// (the composite literal is inspected on its own too).
			return false
		case *ast.CallExpr:
			name := callee(n)
			if name == "tr.T" || name == "tr.F" || name == "tr.N" || quiet(name, -1) {
				return false
			}
			for i, a := range n.Args {
				if !quiet(name, i) {
					literals(a, values, report)
				}
			}
			return false
		case *ast.BasicLit:
			if n.Kind == token.STRING {
				report(n)
			}
		case *ast.Ident:
			if strings.HasPrefix(n.Name, "Pref") || n.Name == "Custom" {
				return false // a preference key or value (prefs.go)
			}
			for _, lit := range values[n.Name] {
				report(lit)
			}
		case *ast.SelectorExpr:
			return false // another package's name, or a field
		}
		return true
	})
}

// callee names a call's function: "pkg.Func", "x.Method" or "Func"; a
// conversion to []byte is "bytes.".
func callee(c *ast.CallExpr) string {
	switch f := c.Fun.(type) {
	case *ast.ArrayType:
		return "bytes."
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		if x, ok := f.X.(*ast.Ident); ok {
			return x.Name + "." + f.Sel.Name
		}
		return "." + f.Sel.Name
	}
	return ""
}

// quiet reports whether argument arg of a call of name (-1: every
// argument) is quiet by quietCalls.
func quiet(name string, arg int) bool {
	pkg, fn, ok := strings.Cut(name, ".")
	for _, q := range quietCalls {
		q, i, argOnly := strings.Cut(q, "#")
		if argOnly && i != strconv.Itoa(arg) {
			continue
		}
		qp, qf, qok := strings.Cut(q, ".")
		switch {
		case !qok && ok && fn == q: // a method, any receiver
			return true
		case !qok && !ok && name == q:
			return true
		case qok && pkg == qp && (qf == "*" || qf == fn):
			return true
		}
	}
	return false
}
