package proc

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// binds returns the folders and files a bubblewrap command line binds
// read-only at their own place, and where it changes directory to.
func binds(argv []string) (shown []string, chdir string) {
	for i := 0; i+2 < len(argv); i++ {
		switch {
		case argv[i] == "--ro-bind" && argv[i+1] == argv[i+2]:
			shown = append(shown, argv[i+1])
		case argv[i] == "--chdir":
			chdir = argv[i+1]
		case argv[i] == "--":
			return shown, chdir
		}
	}
	return shown, chdir
}

func TestSandboxShowsTheBotsFolders(t *testing.T) {
	home, wd, classes, lib, bot := t.TempDir(), t.TempDir(), t.TempDir(), t.TempDir(), t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("JAVA_HOME", "")
	for _, f := range []string{filepath.Join(bot, "bot.py"), filepath.Join(lib, "weights.bin"), filepath.Join(home, "notes.py")} {
		if err := os.WriteFile(f, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(bot)
	args := []string{filepath.Join(bot, "bot.py"), "-cp", classes + ":" + lib, "--weights=" + filepath.Join(lib, "weights.bin"), filepath.Join(home, "notes.py"), home, "-l", "10"}
	argv := sandboxArgv("bwrap", "/usr/bin/python3", args, Limits{Dir: wd, Memory: 1 << 20}, true)
	shown, chdir := binds(argv)
	for _, want := range []string{"/usr", "/etc", wd, bot, classes, lib, filepath.Join(home, "notes.py")} {
		if !slices.Contains(shown, want) {
			t.Errorf("%s is not shown: %q", want, shown)
		}
	}
	for _, never := range []string{home, "/", "/root", "/home"} {
		if slices.Contains(shown, never) {
			t.Errorf("%s is shown whole: %q", never, shown)
		}
	}
	if chdir != wd {
		t.Errorf("--chdir %q, want %q", chdir, wd)
	}
	if tail := argv[len(argv)-len(args)-1:]; tail[0] != "/usr/bin/python3" || !slices.Equal(tail[1:], args) {
		t.Errorf("the command ends with %q", tail)
	}
	for _, flag := range []string{"--unshare-all", "--die-with-parent", "--cap-drop", "--new-session"} {
		if !slices.Contains(argv, flag) {
			t.Errorf("no %s in %q", flag, argv)
		}
	}
	// Without a working directory given, it is made empty, not shown.
	argv = sandboxArgv("bwrap", "/usr/bin/python3", []string{"bot.py"}, Limits{}, true)
	if shown, chdir := binds(argv); chdir != bot || !slices.Contains(shown, bot) {
		t.Errorf("in the bot's folder: shown %q, chdir %q", shown, chdir)
	}
	t.Chdir(home)
	argv = sandboxArgv("bwrap", "/usr/bin/python3", []string{"notes.py"}, Limits{}, true)
	if shown, chdir := binds(argv); chdir != home || slices.Contains(shown, home) || !slices.Contains(argv, "--dir") {
		t.Errorf("in the home folder: shown %q, chdir %q, argv %q", shown, chdir, argv)
	}
}
