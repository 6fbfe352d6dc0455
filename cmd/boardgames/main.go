// Command boardgames opens the Boardgames window, or runs one of its
// headless subcommands (perft, show, analyze, ...) when given one.
package main

import (
	"os"
	"runtime/debug"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"

	"boardgames/app"
	"boardgames/assets"
	"boardgames/cmd/boardgames/cli"
	_ "boardgames/cmd/boardgames/internal/plainlocale" // before Fyne reads the locale
)

// The app's metadata, as in FyneApp.toml (a plain `go build` does not read
// that file, so the binary states it too).
const (
	AppID      = "io.github.boardgames"
	AppName    = "Boardgames"
	AppVersion = "0.1.0"
)

func main() {
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
	fyneapp.SetMetadata(fyne.AppMetadata{
		ID: AppID, Name: AppName, Version: AppVersion, Build: 1,
		Icon: assets.Icon, Release: true,
		Migrations: map[string]bool{"fyneDo": true},
	})
	app.QuietLog()
	a := fyneapp.NewWithID(AppID)
	a.SetIcon(assets.Icon)
	w := a.NewWindow(AppName)
	app.New(a, w, app.Options{Exit: app.ExitNow})
	w.Resize(fyne.NewSize(1180, 780))
	w.CenterOnScreen()
	w.ShowAndRun()
}
