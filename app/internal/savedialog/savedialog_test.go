package savedialog

import (
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
)

// Once installed, a writer of the "file" scheme leaves its file alone
// until its first Write: closed unused, it changes nothing.
func TestWritersOpenAtTheirFirstWrite(t *testing.T) {
	test.NewTempApp(t)
	if err := Install(); err != nil {
		t.Fatal(err)
	}
	if err := Install(); err != nil { // idempotent
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "game.bgame")
	os.WriteFile(path, []byte("the old game"), 0o644)
	w, err := storage.Writer(storage.NewFileURI(path))
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "the old game" {
		t.Fatalf("opening a writer changed the file: %q", b)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "the old game" {
		t.Fatalf("closing an unused writer changed the file: %q", b)
	}
	if _, err := os.Stat(filepath.Join(dir, "new.bgame")); err == nil {
		t.Fatal("a new file was created")
	}
	// Written to, it behaves as Fyne's writer: the file is replaced.
	w, _ = storage.Writer(storage.NewFileURI(path))
	w.Write([]byte("new"))
	w.Close()
	if b, _ := os.ReadFile(path); string(b) != "new" {
		t.Fatalf("after a write: %q", b)
	}
	// The other abilities of the file storage stay.
	if ok, err := storage.CanList(storage.NewFileURI(dir)); !ok || err != nil {
		t.Fatalf("listing: %v %v", ok, err)
	}
}
