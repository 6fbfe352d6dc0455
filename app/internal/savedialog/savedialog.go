// Package savedialog asks for the name of a file to save, with Fyne's file
// dialog, without letting the dialog touch the file.
//
// Fyne's save dialog hands its callback a writer that it opened with
// os.Create: an existing file is already empty when the callback runs, and
// if the save then fails (a read-only folder, a full disk) the user's file
// is lost. Install makes the writers of the "file" scheme open their file
// at their first Write instead, so that a writer closed unused leaves the
// file as it was; Show closes the dialog's writer unused and hands the
// caller the path, which the caller writes atomically with package
// safefile. The app writes files only through safefile, so the deferred
// opening changes nothing else.
//
// Show also settles the name actually written: a name typed without an
// extension gets the default one, and when a file of that final name
// exists the user is asked about that file (Fyne's dialog only asks about
// the name as typed). The file under the name as typed is never touched.
package savedialog

import (
	"errors"
	"os"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/storage/repository"

	"boardgames/app/internal/tr"
)

// Options describe a save dialog.
type Options struct {
	Title string // the confirm button's text; "" for Fyne's "Save"
	// Name is the file name proposed.
	Name string
	// Ext (such as ".bgame") is added to a name typed without an
	// extension; "" adds none.
	Ext string
	// Filter lists the extensions the dialog shows; none shows every file.
	Filter []string
	// Location is the folder shown first; nil for Fyne's default.
	Location fyne.ListableURI
	// Size is the dialog's size; zero for Fyne's default.
	Size fyne.Size
}

// Show asks for a file name over win and calls save, on the UI goroutine,
// with the path to write; nothing is called when the user cancels.
// Problems (the dialog's own errors) go to fail.
func Show(win fyne.Window, o Options, save func(path string), fail func(error)) {
	if err := Install(); err != nil {
		fail(err)
		return
	}
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil {
			fail(err)
			return
		}
		if w == nil {
			return // cancelled
		}
		path := w.URI().Path()
		w.Close() // unused: the file is untouched (see Install)
		if o.Ext != "" && filepath.Ext(path) == "" {
			path += o.Ext
			if _, err := os.Lstat(path); err == nil {
				confirmReplace(win, path, save)
				return
			}
		}
		save(path)
	}, win)
	if o.Title != "" {
		d.SetConfirmText(o.Title)
	}
	d.SetFileName(o.Name)
	if len(o.Filter) > 0 {
		d.SetFilter(storage.NewExtensionFileFilter(o.Filter))
	}
	if o.Location != nil {
		d.SetLocation(o.Location)
	}
	if !o.Size.IsZero() {
		d.Resize(o.Size)
	}
	d.Show()
}

// confirmReplace asks before save replaces the file at path, which the
// user did not name as such.
func confirmReplace(win fyne.Window, path string, save func(string)) {
	msg := tr.F("%s already exists in %s.\nDo you want to replace it?", filepath.Base(path), filepath.Dir(path))
	dialog.ShowConfirm(tr.T("Replace the file?"), msg, func(ok bool) {
		if ok {
			save(path)
		}
	}, win)
}

// fileRepo is what Fyne's repository of the "file" scheme does.
type fileRepo interface {
	repository.AppendableRepository
	repository.DeleteAllRepository
	repository.ListableRepository
	repository.HierarchicalRepository
	repository.CopyableRepository
	repository.MovableRepository
}

// deferredFiles is the "file" repository with writers that open their file
// at the first Write.
type deferredFiles struct{ fileRepo }

// Writer returns a writer that truncates the file at its first Write, not
// before: closed unused, it leaves the file as it was.
func (r deferredFiles) Writer(u fyne.URI) (fyne.URIWriteCloser, error) {
	return &deferredWriter{repo: r.fileRepo, uri: u}, nil
}

// Install makes the writers of the registered "file" repository open their
// file at their first Write. It is idempotent; call it on the UI goroutine
// after the app is made (a test app registers a new repository, which
// Show wraps again).
func Install() error {
	r, err := repository.ForScheme("file")
	if err != nil {
		return errors.New(tr.F("there is no file storage: %v", err))
	}
	switch r := r.(type) {
	case deferredFiles:
		return nil
	case fileRepo:
		repository.Register("file", deferredFiles{r})
		return nil
	}
	return errors.New(tr.T("the save dialog cannot be used safely with this version of Fyne (its file storage is not the expected one)"))
}

// deferredWriter opens its file at the first Write.
type deferredWriter struct {
	repo fileRepo
	uri  fyne.URI
	w    fyne.URIWriteCloser
}

func (d *deferredWriter) URI() fyne.URI { return d.uri }

func (d *deferredWriter) Write(p []byte) (int, error) {
	if d.w == nil {
		w, err := d.repo.Writer(d.uri)
		if err != nil {
			return 0, err
		}
		d.w = w
	}
	return d.w.Write(p)
}

func (d *deferredWriter) Close() error {
	if d.w == nil {
		return nil
	}
	return d.w.Close()
}
