package proc

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
	"time"
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
	if runtime.GOOS != "linux" {
		t.Skip("bubblewrap's command line is built on Linux")
	}
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

func TestExitReasonNamesTheMemoryLimit(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("sh")
	}
	p, err := Start([]string{"/bin/sh", "-c", "echo 'MemoryError: cannot allocate' >&2; exit 1"}, Limits{Memory: 64 << 20, Sandbox: SandboxPreferred})
	if err != nil {
		t.Fatal(err)
	}
	<-p.Done()
	if got, want := p.ExitStatus(), "memory limit of 64 MiB exceeded (exit status 1)"; got != want {
		t.Errorf("ExitStatus %q, want %q", got, want)
	}
	p.Kill()
	p, err = Start([]string{"/bin/sh", "-c", "exit 4"}, Limits{Sandbox: SandboxPreferred})
	if err != nil {
		t.Fatal(err)
	}
	<-p.Done()
	if got := p.ExitStatus(); got != "exit status 4" {
		t.Errorf("ExitStatus %q, want exit status 4", got)
	}
	p.Kill()
}

func TestSecondsText(t *testing.T) {
	for d, want := range map[time.Duration]string{12 * time.Second: "12 s", 1500 * time.Millisecond: "1.5 s", 250 * time.Millisecond: "0.25 s"} {
		if got := seconds(d); got != want {
			t.Errorf("seconds(%v) = %q, want %q", d, got, want)
		}
	}
}

// BenchmarkStart measures what starting a program and seeing it end
// costs, plain and in the sandbox: the difference is the sandbox's cost
// per game and program.
func BenchmarkStart(b *testing.B) {
	truth, err := exec.LookPath("true")
	if err != nil {
		b.Skip(err)
	}
	run := func(b *testing.B, mode Sandbox) {
		for b.Loop() {
			p, err := Start([]string{truth}, Limits{Sandbox: mode, CPU: time.Minute})
			if err != nil {
				b.Fatal(err)
			}
			<-p.Done()
			p.Kill()
		}
	}
	b.Run("plain", func(b *testing.B) { run(b, SandboxOff) })
	b.Run("sandboxed", func(b *testing.B) {
		if err := SandboxStatus(); err != nil {
			b.Skip(err)
		}
		run(b, SandboxRequired)
	})
}
