// Command boardgames opens the Boardgames window, or runs one of its
// headless subcommands (perft, show, analyze, ...) when given one;
// `boardgames FILE.bgame` opens the window on a saved game (how file
// managers open a double-clicked game).
//
// Its files: main.go (the start), commands_*.go (the subcommands, package
// cli; the browser build, commands_js.go, leaves them out), gc_*.go (the
// window's garbage collection; the browser's start collects less),
// screen*.go (the window fitted to the screen), version.go (-version),
// shown*.go (the window's texts, for the smoke tests).
package main

import (
	"bytes"
	"fmt"
	"log"
	"os"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"

	"boardgames/app"
	"boardgames/assets"
	_ "boardgames/cmd/boardgames/internal/plainlocale" // before Fyne reads the locale
)

// The app's metadata, as in FyneApp.toml (a plain `go build` does not read
// that file, so the binary states it too; TestMetadataMatchesFyneApp fails
// when the two disagree).
const (
	AppID      = "io.github.boardgames"
	AppName    = "Boardgames"
	AppVersion = "0.1.0"
	AppBuild   = 1
)

// metadata is what fyne.CurrentApp().Metadata() returns (the About dialog
// reads the version there).
func metadata() fyne.AppMetadata {
	c, d := stamp()
	return fyne.AppMetadata{
		ID: AppID, Name: AppName, Version: AppVersion, Build: AppBuild,
		Icon: assets.Icon, Release: true,
		Custom:     map[string]string{"commit": c, "built": d},
		Migrations: map[string]bool{"fyneDo": true},
	}
}

func main() {
	args := os.Args[1:]
	if len(args) > 0 && isVersion(args[0]) {
		os.Exit(runVersion(args[1:], os.Stdout, os.Stderr))
	}
	file := ""
	if len(args) > 0 {
		if !isGameFile(args) { // a subcommand, or what cli.Run reports
			os.Exit(runCommand(args, os.Stdout, os.Stderr))
		}
		file = args[0]
	}
	gcStarted := tuneGC()
	fyneapp.SetMetadata(metadata())
	app.QuietLog()
	a := fyneapp.NewWithID(AppID)
	// The start's collection setting ends once the window runs and has
	// drawn its first frames.
	var w fyne.Window
	a.Lifecycle().SetOnStarted(func() {
		time.AfterFunc(2*time.Second, gcStarted)
		fitScreen(w) // on the main thread, the window shown
	})
	a.SetIcon(assets.Icon)
	w, err := newWindow(a)
	if err != nil {
		fmt.Fprintf(os.Stderr, "boardgames: cannot open the window: %v; the subcommands work without a display (boardgames help)\n", err)
		os.Exit(1)
	}
	u := app.New(a, w, app.Options{Exit: app.ExitNow})
	if file != "" {
		u.OpenFile(file)
	}
	showTexts(w)
	w.Resize(windowSize)
	w.CenterOnScreen()
	w.ShowAndRun()
}

// isGameFile reports whether the arguments name a saved game to open: one
// argument, no subcommand, that ends in .bgame or is a file (a typing
// mistake in a subcommand's name stays an unknown command).
func isGameFile(args []string) bool {
	if len(args) != 1 || isCommand(args[0]) || strings.HasPrefix(args[0], "-") {
		return false
	}
	if strings.HasSuffix(strings.ToLower(args[0]), ".bgame") {
		return true
	}
	st, err := os.Stat(args[0])
	return err == nil && st.Mode().IsRegular()
}

// newWindow opens the main window. Without a display Fyne's driver panics
// after logging why; the log is held back and the panic turned into an
// error that says why in one line.
func newWindow(a fyne.App) (w fyne.Window, err error) {
	var held bytes.Buffer
	log.SetOutput(&held)
	defer func() {
		log.SetOutput(os.Stderr)
		if r := recover(); r != nil {
			why := strings.TrimSpace(held.String())
			if i := strings.LastIndex(why, "PlatformError: "); i >= 0 {
				why = strings.TrimPrefix(why[i:], "PlatformError: ")
			} else {
				why = fmt.Sprint(r)
			}
			w, err = nil, fmt.Errorf("no display (%s)", strings.Join(strings.Fields(why), " "))
			return
		}
		os.Stderr.Write(held.Bytes())
	}()
	return a.NewWindow(AppName), nil
}
