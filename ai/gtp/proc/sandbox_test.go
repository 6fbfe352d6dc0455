package proc

import (
	"io"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestExitReasonNamesTheMemoryLimit(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("sh")
	}
	p, err := Start([]string{"/bin/sh", "-c", "echo 'MemoryError: cannot allocate' >&2; exit 1"}, Limits{Memory: 64 << 20, Sandbox: SandboxPreferred})
	if err != nil {
		t.Fatal(err)
	}
	<-p.Done()
	if got, want := p.ExitStatus(), "memory limit of 64 MiB exceeded: exit status 1"; got != want {
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

// TestJavaSizesItsHeapFromTheLimit starts a Java virtual machine under a
// 256 MiB limit and checks that it plans a heap that fits in it: by its
// own sizing it would take a quarter of the machine's memory, and a
// starter kit's bot died of that in CI on a machine of many gigabytes.
func TestJavaSizesItsHeapFromTheLimit(t *testing.T) {
	if _, err := exec.LookPath("java"); err != nil {
		t.Skip("java is not installed")
	}
	const limit = 256 << 20
	p, err := Start([]string{"java", "-XX:+PrintFlagsFinal", "-version"}, Limits{Memory: limit, Sandbox: SandboxPreferred})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Kill()
	out, err := io.ReadAll(p.Stdout())
	if err != nil {
		t.Fatal(err)
	}
	<-p.Done()
	var heap int64 = -1
	for _, l := range strings.Split(string(out), "\n") {
		if f := strings.Fields(l); len(f) >= 4 && f[1] == "MaxHeapSize" {
			heap, _ = strconv.ParseInt(f[3], 10, 64)
		}
	}
	if heap <= 0 || heap > limit/2 {
		t.Errorf("the JVM's MaxHeapSize under a %d MiB limit is %d bytes (exit: %s, stderr %q)", limit>>20, heap, p.ExitStatus(), p.Stderr())
	}
}

func TestRuntimeEnv(t *testing.T) {
	if got := runtimeEnv(-1); got != nil {
		t.Errorf("runtimeEnv(-1) = %q, want none", got)
	}
	got := strings.Join(runtimeEnv(1<<30), " ")
	if got != "JAVA_TOOL_OPTIONS=-XX:MaxRAM=1073741824 GOMEMLIMIT=805306368" {
		t.Errorf("runtimeEnv(1 GiB) = %q", got)
	}
}
