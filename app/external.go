package app

import (
	"errors"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardgames/ai/bots"
	"boardgames/ai/gtp/proc"
	"boardgames/app/internal/tr"
)

// External programs in the seats: a seat's algorithm list ends with the
// programs the user added (remembered in the preferences, the newest
// first) and "External program…", which asks for a program, its arguments
// and a name. A program plays through GTP (package gtp), started at its
// first move and stopped at the end of the game (package match).

// PrefEngines lists the external programs the user added: their specs
// (bots.Spec.String, without a time budget), the newest first.
const PrefEngines = "externalEngines"

// maxEngines is how many programs are remembered.
const maxEngines = 20

// addExternal is the algorithm list's entry that adds a program.
const addExternal = "…"

// engines returns the remembered programs.
func (s prefs) engines() []bots.Spec {
	var out []bots.Spec
	for _, text := range s.p.StringList(PrefEngines) {
		if sp, err := bots.ParseSpec(text); err == nil && sp.IsExternal() {
			out = append(out, sp)
		}
	}
	return out
}

// rememberEngine puts a program first in the remembered list.
func (s prefs) rememberEngine(spec bots.Spec) {
	key := engineKey(spec)
	list := []string{key}
	for _, sp := range s.engines() {
		if k := engineKey(sp); k != key && len(list) < maxEngines {
			list = append(list, k)
		}
	}
	s.p.SetStringList(PrefEngines, list)
}

// forgetEngine takes a program off the remembered list.
func (s prefs) forgetEngine(spec bots.Spec) {
	var list []string
	for _, sp := range s.engines() {
		if k := engineKey(sp); k != engineKey(spec) {
			list = append(list, k)
		}
	}
	s.p.SetStringList(PrefEngines, list)
}

// engineKey is a program's identity: its spec without a time budget
// (the seat's time field sets that).
func engineKey(spec bots.Spec) string {
	spec.Params.Time = 0
	return spec.String()
}

// externalTitle names a program in the algorithm list.
func externalTitle(spec bots.Spec) string {
	return tr.F("%s (external program)", spec.Label())
}

// addExternalChoices appends the remembered programs and "External
// program…" to the seat's algorithm list, and spec's program when it is
// not among them (a saved game's).
func (s *seatPanel) addExternalChoices(spec bots.Spec) {
	list := s.u.prefs.engines()
	if spec.IsExternal() && !slices.ContainsFunc(list, func(sp bots.Spec) bool { return engineKey(sp) == engineKey(spec) }) {
		list = append([]bots.Spec{spec}, list...)
	}
	for _, sp := range list {
		s.algos = append(s.algos, engineKey(sp))
		s.algo.Options = append(s.algo.Options, externalTitle(sp))
	}
	s.algos = append(s.algos, addExternal)
	s.algo.Options = append(s.algo.Options, tr.T("External program…"))
}

// externalEntry returns the remembered program the algorithm list shows
// as selected, if it is one.
func (s *seatPanel) externalEntry() (bots.Spec, bool) {
	i := s.algo.SelectedIndex()
	if i < 0 || i >= len(s.algos) || !strings.HasPrefix(s.algos[i], bots.GTP+":") || s.algos[i] == addExternal {
		return bots.Spec{}, false
	}
	sp, err := bots.ParseSpec(s.algos[i])
	return sp, err == nil
}

// pickExternal handles the choice of "External program…": it opens the
// dialog, puts the list back to the seat's algorithm meanwhile, and seats
// the program the dialog gives. It reports whether the choice was it.
func (s *seatPanel) pickExternal() bool {
	i := s.algo.SelectedIndex()
	if i < 0 || i >= len(s.algos) || s.algos[i] != addExternal {
		return false
	}
	s.quiet = true
	s.selectAlgo(s.spec)
	s.quiet = false
	s.u.askExternal(func(spec bots.Spec) {
		spec.Params.Time = s.spec.Params.Time
		if !s.spec.IsExternal() {
			spec.Params.Time = 0
		}
		s.load() // the list with the new program
		s.quiet = true
		s.fill(spec)
		s.quiet = false
		s.changed(true)
	})
	return true
}

// selectAlgo selects spec's algorithm (or program) in the list.
func (s *seatPanel) selectAlgo(spec bots.Spec) {
	id := spec.Algo
	if spec.IsExternal() {
		id = engineKey(spec)
	}
	if i := slices.Index(s.algos, id); i >= 0 {
		s.algo.SetSelectedIndex(i)
	}
}

// askExternal asks for an external program: the program (with a file
// chooser), its arguments (a chooser adds a file, such as a script), the
// name tables show, or one of the remembered programs; done gets the
// program's spec, checked, and it is remembered.
func (u *UI) askExternal(done func(bots.Spec)) {
	program := widget.NewEntry()
	program.SetPlaceHolder(tr.T("python3, java, or your bot's own program"))
	args := widget.NewEntry()
	args.SetPlaceHolder(tr.T("such as bot.py, or -cp classes MyBot"))
	name := widget.NewEntry()
	name.SetPlaceHolder(tr.T("optional: the name shown for it"))
	browse := func(set func(string)) *widget.Button {
		return widget.NewButton(tr.T("Choose…"), func() {
			d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
				if err != nil || r == nil {
					return
				}
				r.Close()
				set(r.URI().Path())
			}, u.win)
			if folder := u.prefs.p.String(PrefFolder); folder != "" {
				if l, err := storage.ListerForURI(storage.NewFileURI(folder)); err == nil {
					d.SetLocation(l)
				}
			}
			d.Show()
		})
	}
	remembered := u.prefs.engines()
	var titles []string
	for _, sp := range remembered {
		titles = append(titles, externalTitle(sp))
	}
	pick := widget.NewSelect(titles, func(string) {})
	forget := widget.NewButton(tr.T("Forget"), nil)
	pick.OnChanged = func(string) {
		i := pick.SelectedIndex()
		if i < 0 || i >= len(remembered) {
			return
		}
		argv, err := remembered[i].Argv()
		if err != nil {
			return
		}
		program.SetText(argv[0])
		args.SetText(joinArgs(argv[1:]))
		name.SetText(remembered[i].Name)
	}
	forget.OnTapped = func() {
		i := pick.SelectedIndex()
		if i < 0 || i >= len(remembered) {
			return
		}
		u.prefs.forgetEngine(remembered[i])
		remembered = slices.Delete(remembered, i, i+1)
		titles = slices.Delete(titles, i, i+1)
		pick.Options = titles
		pick.ClearSelected()
	}
	form := container.New(layout.NewFormLayout(),
		widget.NewLabel(tr.T("Program")), container.NewBorder(nil, nil, nil, browse(program.SetText), program),
		widget.NewLabel(tr.T("Arguments")), container.NewBorder(nil, nil, nil, browse(func(p string) {
			args.SetText(strings.TrimSpace(args.Text + " " + joinArgs([]string{p})))
		}), args),
		widget.NewLabel(tr.T("Name")), name,
	)
	if len(remembered) > 0 {
		form.Add(widget.NewLabel(tr.T("Remembered")))
		form.Add(container.NewBorder(nil, nil, nil, forget, pick))
	}
	note := widget.NewLabel(tr.T("The program must speak GTP on its standard input and output (docs/protocol.md; examples/bots has starter kits in Python and Java). " +
		"It plays with a time budget per move, a memory limit and no access to your environment's secrets; an illegal move, a malformed reply, a crash or a timeout loses the game."))
	note.Wrapping = fyne.TextWrapWord
	content := container.NewVBox(form, note)
	if proc.SandboxStatus() != nil {
		// The window runs the program all the same (bots.External.SandboxOptional).
		warn := widget.NewLabel(tr.T("There is no sandbox on this computer (bubblewrap, on Linux): the program runs with your rights, your files and the network. Seat only a program you trust."))
		warn.Wrapping = fyne.TextWrapWord
		warn.Importance = widget.WarningImportance
		content.Add(warn)
	}
	d := dialog.NewCustomConfirm(tr.T("External program"), tr.T("Seat it"), tr.T("Cancel"), content, func(ok bool) {
		if !ok {
			return
		}
		spec, err := externalSpec(program.Text, args.Text, name.Text)
		if err != nil {
			dialog.ShowError(err, u.win)
			return
		}
		u.prefs.rememberEngine(spec)
		done(spec)
	}, u.win)
	d.Resize(fyne.NewSize(40*theme.TextSize(), d.MinSize().Height))
	d.Show()
}

// externalSpec checks a program's fields and makes its spec.
func externalSpec(program, args, name string) (bots.Spec, error) {
	program = strings.TrimSpace(program)
	if program == "" {
		return bots.Spec{}, errors.New(tr.T("Choose the program to run."))
	}
	command := joinArgs([]string{program})
	if a := strings.TrimSpace(args); a != "" {
		command += " " + a
	}
	spec := bots.Spec{Algo: bots.GTP, Command: command, Name: strings.TrimSpace(name)}
	if err := spec.Validate(""); err != nil {
		return bots.Spec{}, errors.New(tr.F("The program cannot be seated: %v", err))
	}
	if err := spec.CheckProgram(); err != nil {
		return bots.Spec{}, errors.New(tr.F("The program cannot be seated: %v", err))
	}
	return spec, nil
}

// joinArgs writes arguments as a command line, quoting those with spaces
// or quotes (gtp.SplitCommand reads them back).
func joinArgs(argv []string) string {
	out := make([]string, len(argv))
	for i, a := range argv {
		if a == "" || strings.ContainsAny(a, " \t'\"\\") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		out[i] = a
	}
	return strings.Join(out, " ")
}
