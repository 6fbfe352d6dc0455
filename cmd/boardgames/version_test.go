package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

// fyneApp is the part of FyneApp.toml the binary repeats.
type fyneApp struct {
	Details struct {
		Icon, Name, ID, Version string
		Build                   int
	}
	Migrations map[string]bool
}

// The packaging tool reads FyneApp.toml and a plain `go build` reads
// main.go: both must give the app the same metadata.
func TestMetadataMatchesFyneApp(t *testing.T) {
	root := filepath.Join("..", "..")
	var f fyneApp
	if _, err := toml.DecodeFile(filepath.Join(root, "FyneApp.toml"), &f); err != nil {
		t.Fatal(err)
	}
	m := metadata()
	d := f.Details
	for _, c := range []struct{ field, toml, main any }{
		{"ID", d.ID, m.ID},
		{"Name", d.Name, m.Name},
		{"Version", d.Version, m.Version},
		{"Build", d.Build, m.Build},
		{"Migrations", f.Migrations, m.Migrations},
	} {
		if !reflect.DeepEqual(c.toml, c.main) {
			t.Errorf("%s: FyneApp.toml says %v, main.go %v", c.field, c.toml, c.main)
		}
	}
	icon, err := os.ReadFile(filepath.Join(root, d.Icon))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(icon, m.Icon.Content()) {
		t.Errorf("Icon: main.go's icon is not FyneApp.toml's %s", d.Icon)
	}
}

func TestRunVersion(t *testing.T) {
	for _, arg := range []string{"version", "-version", "--version"} {
		if !isVersion(arg) {
			t.Errorf("isVersion(%q) = false", arg)
		}
	}
	if isVersion("-v") || isVersion("perft") {
		t.Error("isVersion accepts other arguments")
	}
	var out, errOut bytes.Buffer
	if code := runVersion(nil, &out, &errOut); code != 0 || errOut.Len() > 0 {
		t.Fatalf("runVersion: exit %d, stderr %q", code, errOut.String())
	}
	if want := "Boardgames " + AppVersion + " (build 1, commit "; !strings.HasPrefix(out.String(), want) {
		t.Errorf("runVersion printed %q, want %q...", out.String(), want)
	}
	// A release build names its commit and date.
	defer func(c, b string) { commit, built = c, b }(commit, built)
	commit, built = "80e5c44a1b2c-dirty", "2026-11-26"
	out.Reset()
	runVersion(nil, &out, &errOut)
	if want := "Boardgames " + AppVersion + " (build 1, commit 80e5c44a1b2c-dirty, 2026-11-26)\n"; out.String() != want {
		t.Errorf("a stamped build printed %q, want %q", out.String(), want)
	}
	if m := metadata(); m.Custom["commit"] != commit || m.Custom["built"] != built {
		t.Errorf("the metadata (About) lacks the stamp: %v", m.Custom)
	}
	out.Reset()
	if code := runVersion([]string{"-json"}, &out, &errOut); code != 2 || out.Len() > 0 ||
		!strings.Contains(errOut.String(), `unexpected argument "-json"`) {
		t.Errorf("runVersion -json: exit %d, stdout %q, stderr %q", code, out.String(), errOut.String())
	}
}

// Item 9 of issue 20: version > /dev/full fails with a message.
func TestVersionToAFullDisk(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full:", err)
	}
	defer full.Close()
	var errOut bytes.Buffer
	if code := runVersion(nil, full, &errOut); code != 1 || !strings.Contains(errOut.String(), "cannot write the output: the disk is full") {
		t.Errorf("version > /dev/full: exit %d, stderr %q", code, errOut.String())
	}
}
