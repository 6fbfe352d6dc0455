package bots

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"boardgames/ai/gtp"
	"boardgames/rules/games"
)

func TestExternalSpecOptions(t *testing.T) {
	s, err := ParseSpec(`gtp:"./edax -gtp -n 1",time=500ms,dir=/opt/Edax 4.6/bin,grace=1s,strict`)
	if err != nil {
		t.Fatal(err)
	}
	if s.Dir != "/opt/Edax 4.6/bin" || s.Grace.String() != "1s" || !s.Strict {
		t.Errorf("dir %q, grace %v, strict %v", s.Dir, s.Grace, s.Strict)
	}
	want := `gtp:"./edax -gtp -n 1",time=500ms,dir=/opt/Edax 4.6/bin,grace=1s,strict=true`
	if s.String() != want {
		t.Errorf("String() = %q, want %q", s.String(), want)
	}
	if again, err := ParseSpec(s.String()); err != nil || again.String() != s.String() || again.Dir != s.Dir || !again.Strict {
		t.Errorf("round trip: %+v, %v", again, err)
	}
	for text, msg := range map[string]string{
		`gtp:"bot",grace=-1s`:     "duration",
		`gtp:"bot",strict=maybe`:  "true or false",
		`random:dir=/tmp`:         "takes no parameter",
		`gtp:"bot",dir`:           "name=value",
		`alphabeta:strict`:        "takes no parameter",
		`gtp:"bot",grace=forever`: "duration",
	} {
		if _, err := ParseSpec(text); err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("ParseSpec(%s): %v, want %q", text, err, msg)
		}
	}
}

func TestCheckProgramDir(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Unix paths")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "bot"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for spec, msg := range map[string]string{
		`gtp:"./bot",dir=` + dir:                     "",
		`gtp:"./bot"`:                                "cannot run ./bot",
		`gtp:"./bot",dir=` + dir + "/nowhere":        "working directory " + dir + "/nowhere",
		`gtp:"./bot",dir=` + dir + "/bot":            "is not a directory",
		`gtp:"bot",dir=` + dir:                       "a program in the working directory is written ./bot",
		`gtp:"sub/../bot -x",dir=` + dir:             "",
		`gtp:"./missing",dir=` + dir:                 "cannot run " + dir + "/missing",
		`gtp:"sh -c true",dir=` + dir + "/nowhere/x": "working directory",
	} {
		s, err := ParseSpec(spec)
		if err != nil {
			t.Fatal(err)
		}
		err = s.CheckProgram()
		switch {
		case msg == "" && err != nil:
			t.Errorf("%s: %v", spec, err)
		case msg != "" && (err == nil || !strings.Contains(err.Error(), msg)):
			t.Errorf("%s: %v, want %q", spec, err, msg)
		}
	}
}

// edaxStandIn builds package gtp's stand-in for Edax into a folder of its
// own, with the data file it needs.
func edaxStandIn(t *testing.T) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in's games use Unix processes")
	}
	dir := t.TempDir()
	if out, err := exec.Command("go", "build", "-o", filepath.Join(dir, "edax"), "../gtp/testdata/edax").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	if err := os.Mkdir(filepath.Join(dir, "data"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "data", "eval.dat"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestExternalEdaxStandIn: the spec a user writes for Edax (its folder
// with dir=) plays a whole game; the same spec with strict forfeits at
// Edax's first progress line; the transcript holds the conversation.
func TestExternalEdaxStandIn(t *testing.T) {
	dir := edaxStandIn(t)
	g, _ := games.Lookup("othello")
	for _, strict := range []bool{false, true} {
		spec := `gtp:"./edax -gtp",time=500ms,grace=2s,dir=` + dir
		if strict {
			spec += ",strict"
		}
		s, err := ParseSpec(spec)
		if err != nil {
			t.Fatal(err)
		}
		x, err := NewExternal(s, g, games.Settings{})
		if err != nil {
			t.Fatal(err)
		}
		var log strings.Builder
		x.SetLog(&log)
		x.SetSeed(7)
		start, _ := g.Start(games.Settings{})
		rec := games.NewRecord(start)
		var fault error
		for !rec.Result().Over() {
			info, err := x.Move(context.Background(), rec)
			if err != nil {
				fault = err
				break
			}
			if err := rec.Play(info.Move); err != nil {
				t.Fatal(err)
			}
		}
		x.Close()
		f, isFault := gtp.AsFault(fault)
		switch {
		case !strict && fault != nil:
			t.Errorf("%s: %v after %s\n%s", spec, fault, rec, log.String())
		case strict && (!isFault || f.Kind != gtp.FaultMalformed):
			t.Errorf("%s: %v, want a malformed reply", spec, fault)
		case !strings.Contains(log.String(), "> list_commands"):
			t.Errorf("%s: the transcript has no conversation:\n%s", spec, log.String())
		case strings.Contains(log.String(), gtp.CmdSeed):
			t.Errorf("%s: bg-seed sent to an engine that does not list it", spec)
		}
	}
}
