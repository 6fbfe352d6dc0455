package proc

import (
	"strings"
	"testing"
)

func TestRingKeepsTheLastLines(t *testing.T) {
	r := NewRing(3)
	r.Consume(strings.NewReader("one\ntwo\r\nthree\nfour\n" + strings.Repeat("é", 400) + "\nsix"))
	got := r.Lines()
	if len(got) != 3 || got[0] != "four" || got[2] != "six" {
		t.Fatalf("Lines = %q", got)
	}
	if long := got[1]; len(long) > MaxStderrLine+len("…") || !strings.HasSuffix(long, "…") || !strings.HasPrefix(long, "éé") {
		t.Errorf("a long line kept as %q (%d bytes)", long, len(long))
	}
	if got := NewRing(2).Lines(); len(got) != 0 {
		t.Errorf("an empty ring has %q", got)
	}
}

func TestEnvAllowList(t *testing.T) {
	t.Setenv("GITHUB_TOKEN", "secret")
	t.Setenv("LC_ALL", "C.UTF-8")
	env := strings.Join(Env(), "\n")
	if strings.Contains(env, "GITHUB_TOKEN") || !strings.Contains(env, "LC_ALL=C.UTF-8") {
		t.Errorf("Env() = %s", env)
	}
}
