package app

import (
	"runtime"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"boardgames/app/internal/tr"
	"boardgames/app/match"
	"boardgames/rules/adjacency"
	"boardgames/rules/checkers"
	"boardgames/rules/connect4"
	"boardgames/rules/games"
	"boardgames/rules/othello"
)

// The Help menu: the rules of each game, the idea of each algorithm in a
// few lines (our own words, after the papers and SPEC.md), the keys, and
// About. Every text is a paragraph of Markdown in the translations.

func (u *UI) helpMenu() *fyne.Menu {
	m := fyne.NewMenu(tr.T("Help"))
	for _, g := range games.All {
		m.Items = append(m.Items, fyne.NewMenuItem(tr.F("Rules of %s", match.GameTitle(g)), func() { u.showRules(g) }))
	}
	m.Items = append(m.Items,
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem(tr.T("How the algorithms work"), u.showAlgorithms),
		fyne.NewMenuItem(tr.T("Keys"), u.showKeys),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem(tr.T("About Boardgames"), u.showAbout))
	return m
}

// gameRules is the rules of game g in Markdown.
func gameRules(g *games.Game) string {
	switch g.Name {
	case othello.Name:
		return tr.T("Othello is played on 8×8 squares with discs that are black on one side and white on the other. Black moves first (a setting lets White start, as one of the papers does).") + "\n\n" +
			tr.T("A move puts a disc of your colour on an empty square so that, in at least one of the eight directions, it encloses a straight line of the opponent's discs between itself and another disc of yours. Every disc enclosed that way is turned over to your colour.") + "\n\n" +
			tr.T("If you have no such move you pass. The game ends when neither side can move; the side with more discs wins, and the empty squares count for the winner.")
	case checkers.Name:
		return tr.T("English checkers is played on the 32 dark squares of an 8×8 board, numbered 1 to 32 as the board shows. Black starts on squares 1 to 12 and moves first, down the board; White starts on 21 to 32 and moves up.") + "\n\n" +
			tr.T("A man moves one square diagonally forward. A capture jumps over a neighbouring enemy piece to the empty square behind it, and removes that piece. Capturing is compulsory, and a piece that has jumped must go on jumping while it can; when there are several captures you choose which.") + "\n\n" +
			tr.T("A man that reaches the far row becomes a king, and its move ends there. A king moves and jumps one square diagonally in all four directions.") + "\n\n" +
			tr.T("A side that cannot move loses. The game is drawn when a position comes back a third time, or after 40 moves by each side (a setting) without a capture or a man's move.") + "\n\n" +
			tr.T("Moves are written with the square numbers: 11-15 for a move, 22x15 for a capture, 22x15x6 for a double jump.")
	case connect4.Name:
		return tr.T("Connect Four has seven columns of six cells, standing upright. Red moves first.") + "\n\n" +
			tr.T("A move drops a stone into a column, where it falls to the lowest free cell. Four stones of one colour in a row, across, up and down or diagonally, win. A full board is a draw. The columns are numbered 1 to 7 from the left.") + "\n\n" +
			tr.T("The game is solved: the first player wins by starting in the middle column and playing perfectly. Near the end, Hint asks an exact solver.")
	case adjacency.Name:
		return tr.T("The Adjacency game is played on 8×8 squares. Blue starts with the four squares of the bottom-left corner (a7, b7, a8, b8), Orange with the four of the top-right corner (g1, h1, g2, h2). Blue moves first (a setting).") + "\n\n" +
			tr.T("A move puts a mark on any empty square, and every mark of the opponent directly above, below, left or right of it becomes yours (diagonal neighbours never change).") + "\n\n" +
			tr.T("A round is one move by each side. The game ends when the board is full or when the round limit (1 to 28, a setting) is reached. The side with more marks wins; equal counts are a draw.")
	}
	return ""
}

// algorithms is the idea of each algorithm, in Markdown.
func algorithms() string {
	return strings.Join([]string{
		tr.T("Every bot chooses a move for the position on the board. Depth counts plies: one move by one side. An evaluation scores a position that is not over, from the point of view of the side to move."),
		tr.T("**Random** plays any legal move, each with the same chance: a yardstick for the others."),
		tr.T("**Greedy** plays the move that gains most at once (discs turned, marks won, pieces captured), ties at random. It never looks further than one move."),
		tr.T("**Minimax** looks a fixed number of plies ahead, supposes that both sides always choose their best move, and scores the positions it reaches with the evaluation. It searches every move of every position, so each ply deeper costs about as many times more as there are moves."),
		tr.T("**Alpha-beta** finds the same move and value as minimax but leaves out what cannot change the result: as soon as one reply shows that a move is worse than one already found, the move's other replies are skipped (a cut-off). Trying the greediest moves first (move ordering) makes the cut-offs come sooner."),
		tr.T("**NegaScout** (principal variation search) searches the first move with the full window and each other move with a null window, which only asks whether it is better; a move that is better is searched again with the full window. It finds the same value as alpha-beta and usually visits fewer positions."),
		tr.T("**Engine** is our strongest search: iterative deepening (depth 1, 2, 3… until the time budget runs out), a transposition table that remembers positions already searched, killer and history move ordering, and aspiration windows."),
		tr.T("**Monte-Carlo tree search** plays thousands of quick games to the end (random or greedy playouts) and spends its playouts on the moves that win most often, while still trying the others (UCT). It needs no evaluation."),
		tr.T("**Simulated annealing** starts from one move and keeps trying others: a better one is always taken, a worse one only with probability e^(Δ/T). The temperature T falls at each step, so the search wanders at first and settles on a good move in the end."),
		tr.T("**Genetic algorithm** keeps a population of candidate moves (here plans of a few moves); the fittest, by their evaluation, are kept and combined by crossover, with small random mutations, for a number of generations."),
		tr.T("The live statistics show the depth under way, how many of the first moves are done at that depth, the nodes (positions) visited and the speed. Move now plays the best move found so far; when a search has none yet, the greedy move."),
	}, "\n\n")
}

// keys lists the keyboard shortcuts, in Markdown.
func keys() string {
	return strings.Join([]string{
		tr.T("**Ctrl+N** new game · **Ctrl+O** open · **Ctrl+S** save · **Ctrl+Q** quit"),
		tr.T("**Ctrl+Z** undo · **Ctrl+Y** redo · **H** hint · **V** move values"),
		tr.T("**←** and **→** previous and next move · **Home** start position · **End** back to the game"),
		tr.T("**F** turn the board · **Ctrl+=** larger · **Ctrl+-** smaller · **Ctrl+0** normal size"),
		tr.T("**Ctrl+L** the lab · **Esc** drop a half-entered move"),
		tr.T("**F5** the Lecture view (**F5** or **Esc** to leave) · **R** reveal what predict first hides"),
		tr.T("**B** blank screen · **P** predict first on or off · **M** the tree's MIN/MAX or negamax view · **O** a textbook tree's move ordering"),
		tr.T("**T** in the Lecture view: the search tree, then the board and the tree, then the board; **→** **←** step the tree while it is shown"),
	}, "\n\n")
}

func (u *UI) showRules(g *games.Game) {
	u.showText(tr.F("Rules of %s", match.GameTitle(g)), gameRules(g))
}

func (u *UI) showAlgorithms() { u.showText(tr.T("How the algorithms work"), algorithms()) }

func (u *UI) showKeys() { u.showText(tr.T("Keys"), keys()) }

func (u *UI) showAbout() {
	meta := u.app.Metadata()
	version := meta.Version
	if version == "" {
		version = tr.T("development version")
	}
	head := tr.F("**Boardgames** %s (build %d)", version, meta.Build)
	if c := meta.Custom["commit"]; c != "" {
		head += " · " + tr.F("commit %s", c)
	}
	if d := meta.Custom["built"]; d != "" {
		head += " · " + tr.F("built %s", d)
	}
	text := strings.Join([]string{
		head,
		tr.T("Othello, English checkers, Connect Four and the Adjacency game against bots you set up, and a classroom lab that shows how minimax, alpha-beta, negascout, Monte-Carlo tree search, simulated annealing and genetic algorithms behave. It grew out of five Indonesian university papers (2008 to 2023)."),
		tr.F("Made with Go (%s) and Fyne 2.7.1, both under the BSD 3-Clause licence.", runtime.Version()),
		tr.T("Boardgames itself is free software under the MIT licence: you may use, copy, change and share it; the licence's text is in LICENSE."),
	}, "\n\n")
	u.showText(tr.T("About Boardgames"), text)
}

// showText shows Markdown text in a dialog over most of the window.
func (u *UI) showText(title, markdown string) {
	rt := widget.NewRichTextFromMarkdown(markdown)
	rt.Wrapping = fyne.TextWrapWord
	d := dialog.NewCustom(title, tr.T("Close"), container.NewVScroll(rt), u.win)
	s := u.win.Canvas().Size()
	d.Resize(fyne.NewSize(max(480, s.Width*0.6), max(360, s.Height*0.7)))
	d.Show()
	u.lastHelp = markdown
}
