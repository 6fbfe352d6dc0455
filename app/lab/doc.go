// Package lab is the classroom lab of the Boardgames app: a window of its
// own, opened from the main window (toolbar button "Lab", menu Lab, or
// Ctrl+L), with one tab per kind of experiment. Every tab runs the headless
// core of package boardgames/ai/lab (imported here as ailab) and draws its
// plain results with widget.Table, the charts of app/chart and the search
// tree inspector of app/inspector.
//
// The tabs:
//   - Compare: several algorithms on the position on the main window's
//     board (the one browsed to), side by side, and a nodes-vs-depth chart
//     on a log scale; under predict first (package app/internal/classroom)
//     its moves, scores and lines wait for Reveal (Lab.Reveal).
//   - Arena: a bot-vs-bot match (or a depth sweep of the first bot) with
//     W/D/L, margins, time and nodes per move and the Elo difference.
//   - Tournament: a round robin of several bots: crosstable, standings and
//     every game. A game of the Arena's or the Tournament's Games table
//     opens on the main window's board with a click (Options.OpenGame).
//   - Experiments: the papers' experiments, one click each.
//   - Traces: simulated annealing's temperature and scores, the genetic
//     algorithm's fitness per generation, and MCTS's visit counts as a
//     heat map over the board.
//   - Inspector: the search tree of a small minimax, alphabeta or negascout
//     search, with the position of the selected node on a small board.
//
// A separate window rather than a fourth tab of the main window: the lab's
// tables and charts need the room of a whole window, and beside the main
// window a teacher can change the position there (play, undo, paste) and
// run the lab again on it without switching views. Fyne has no way to
// place a window, so the lab does not centre itself over the main window
// (which it would hide exactly): the window manager places it, and the
// header shows the main window's board, live, with the position in words.
// Every result names the game and position it belongs to, and keeps that
// label when the main window moves on.
//
// Readable on a projector: every fixed size grows with the theme's text
// size. Tables size their columns to their content (and again when the
// text size changes), keep their header row in view, and offer a cell cut
// short whole on a click; the results stack as tall as their content
// wants, the chart below keeping its share; side panels grow with the text
// up to 45% of the width and scroll (in a width too narrow for both side by
// side, docked at 1024x768 with large text, they go above the results and
// the page scrolls; no list or scroll inside a side panel takes the mouse
// wheel from it; a long check box's text wraps); Run and Cancel sit at the bottom with
// the progress bar's room kept, so that nothing the user is about to click
// moves. Words follow the project's rule: every text one format string,
// whole sentences or labels, plurals chosen by count, units on every score,
// players by their colours.
//
// In English and Bahasa Indonesia: every text goes through package
// app/internal/tr, numbers take the decimal comma in Indonesian, and the
// papers' experiments are worded by labWords, which package ai/lab's
// tables call for each of their texts (ExperimentOptions.Words). What
// stays English is code: a bot's spec ("alphabeta:depth=3", which the
// tables use as the bot's name and a student types), the spec's parameter
// names, and the detail of a spec's error from package ai/bots, inside a
// translated frame. The lab takes the language in use when it is made.
//
// Threading: every long job runs on a goroutine of its own, under a context
// that its Cancel button and closing the window cancel; progress comes
// through the lab's callbacks, throttled, and results reach the widgets
// only through Options.Post (fyne.Do). Close waits for the goroutines.
//
// Files:
//   - lab.go         Lab, Source, Options: the window, its tabs and header
//   - task.go        task: a screen's job runner (Run, Cancel, progress)
//   - table.go       dataTable: a widget.Table of text cells with a header
//   - layout.go      the layouts: side panel and results, results by the
//     height they want, check boxes in columns, the header's board
//   - words.go       positions, units, scores and numbers in words;
//     labWords, the words of ai/lab's experiments
//   - menu.go        exportMenu: a screen's Save menu
//   - export.go      the CSV and PNG save dialogs
//   - picker.go      botPicker: a bot from pickers or from its spec text
//   - fields.go      small form helpers (numbers, seeds, round limits,
//     evaluations, time budgets, error labels, summaries)
//   - compare.go, arena.go, tournament.go, experiments.go, traces.go,
//     inspect.go: the screens
package lab
