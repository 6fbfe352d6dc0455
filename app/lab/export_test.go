package lab

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"boardgames/app/internal/dialogtest"
	"boardgames/app/safefile/safefiletest"
)

// exportOver exports e through the save dialog over the file name in
// home, confirming the overwrite, and returns the task's status.
func exportOver(t *testing.T, home, name string, e export) string {
	t.Helper()
	t.Setenv("HOME", home) // the dialog opens there
	f := newFixture(t, "othello", "")
	tk := newTask(f.l, "Run", func() {})
	f.l.save(tk, e)
	c := f.w.Canvas()
	dialogtest.SaveAs(t, c, name)
	dialogtest.Press(t, c, "Yes") // Fyne's "Overwrite?"
	return tk.status.Text
}

// An export that fails half-way leaves the old file whole.
func TestFailedExportKeepsTheOldFile(t *testing.T) {
	home := t.TempDir()
	path := filepath.Join(home, "results.csv")
	os.WriteFile(path, []byte("old,results\n"), 0o644)
	e := export{name: "results.csv", write: func(w io.Writer) error {
		io.WriteString(w, "bot,wins\n")
		return errors.New("no chart to export")
	}}
	status := exportOver(t, home, "results.csv", e)
	if b, _ := os.ReadFile(path); string(b) != "old,results\n" {
		t.Fatalf("the old file holds %q", b)
	}
	if !strings.Contains(status, "Could not save results.csv: no chart to export") {
		t.Errorf("status %q", status)
	}
}

// An export onto a full disk leaves the old file whole, and says why.
func TestExportOnFullDiskKeepsTheOldFile(t *testing.T) {
	home := safefiletest.SmallDisk(t)
	path := filepath.Join(home, "chart.png")
	os.WriteFile(path, []byte("old png"), 0o644)
	e := export{name: "chart.png", write: func(w io.Writer) error {
		_, err := w.Write(bytes.Repeat([]byte{0x89}, 1<<20))
		return err
	}}
	status := exportOver(t, home, "chart.png", e)
	if b, _ := os.ReadFile(path); string(b) != "old png" {
		t.Fatalf("the old file holds %d bytes", len(b))
	}
	if !strings.Contains(status, "the disk is full") {
		t.Errorf("status %q", status)
	}
}
