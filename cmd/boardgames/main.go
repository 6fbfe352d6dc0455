// Command boardgames opens the Boardgames window, or runs one of its
// headless subcommands (perft, show, analyze, ...) when given one.
package main

import (
	"bytes"
	"fmt"
	"log"
	"os"
	"runtime/debug"
	"strings"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"

	"boardgames/app"
	"boardgames/assets"
	"boardgames/cmd/boardgames/cli"
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
	return fyne.AppMetadata{
		ID: AppID, Name: AppName, Version: AppVersion, Build: AppBuild,
		Icon: assets.Icon, Release: true,
		Migrations: map[string]bool{"fyneDo": true},
	}
}

func main() {
	if len(os.Args) > 1 && isVersion(os.Args[1]) {
		os.Exit(runVersion(os.Args[2:], os.Stdout, os.Stderr))
	}
	if len(os.Args) > 1 && cli.IsCommand(os.Args[1]) {
		os.Exit(cli.Run(os.Args[1:], os.Stdout, os.Stderr))
	}
	if len(os.Args) > 1 { // not a subcommand: cli.Run reports it
		os.Exit(cli.Run(os.Args[1:], os.Stdout, os.Stderr))
	}
	// The window's live heap is small (about 60 MB with a bot thinking), and
	// collecting at 50% growth instead of 100% keeps the process well under
	// 300 MB while costing no visible CPU; the subcommands keep Go's default.
	debug.SetGCPercent(50)
	fyneapp.SetMetadata(metadata())
	app.QuietLog()
	a := fyneapp.NewWithID(AppID)
	a.SetIcon(assets.Icon)
	w, err := newWindow(a)
	if err != nil {
		fmt.Fprintf(os.Stderr, "boardgames: cannot open the window: %v; the subcommands work without a display (boardgames help)\n", err)
		os.Exit(1)
	}
	app.New(a, w, app.Options{Exit: app.ExitNow})
	w.Resize(fyne.NewSize(1180, 780))
	w.CenterOnScreen()
	w.ShowAndRun()
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
