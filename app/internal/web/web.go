// Package web gives the browser build (GOOS=js) what a desktop has and a
// page lacks, with the page's own means: saving a file is a download,
// opening one is the browser's file picker, and the app's own small state
// (the game in progress) lives in the page's localStorage. Fyne 2.7.1's
// file dialogs do not work in a page (they show the virtual storage of
// the page, which the user cannot reach).
//
// Browser is true in the browser build only; outside it the functions
// report ErrNotBrowser (web_other.go), and the app keeps its desktop ways.
package web

import "errors"

// ErrNotBrowser is what the functions return outside the browser build.
var ErrNotBrowser = errors.New("web: not in a browser")
