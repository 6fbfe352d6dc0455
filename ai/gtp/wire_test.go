package gtp

import (
	"errors"
	"strings"
	"testing"
)

func TestPreprocess(t *testing.T) {
	for in, want := range map[string]string{
		"play b f5":               "play b f5",
		"play\tb\tf5\r":           "play b f5",
		"  genmove w # think\x01": "genmove w",
		"# only a comment":        "",
		"\x07\x1b":                "",
		"name\x7f":                "name",
	} {
		if got := Preprocess(in); got != want {
			t.Errorf("Preprocess(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestParseCommand(t *testing.T) {
	c, err := ParseCommand("12 play b f5")
	if err != nil || !c.HasID || c.ID != 12 || c.Name != "play" || strings.Join(c.Args, ",") != "b,f5" {
		t.Errorf("ParseCommand = %+v, %v", c, err)
	}
	if c.String() != "12 play b f5" {
		t.Errorf("String = %q", c.String())
	}
	if _, err := ParseCommand("12"); err == nil {
		t.Error("an id alone was accepted")
	}
	if _, err := ParseCommand("99999999999999999999 name"); err == nil {
		t.Error("an id too large was accepted")
	}
}

func TestFormatResponse(t *testing.T) {
	id := Command{ID: 3, HasID: true}
	for _, tc := range []struct {
		c    Command
		ok   bool
		text string
		want string
	}{
		{Command{}, true, "", "=\n\n"},
		{id, true, "f5", "=3 f5\n\n"},
		{id, false, "illegal move", "?3 illegal move\n\n"},
		{Command{}, true, "a\n\nb\r\n", "= a\nb\n\n"},
		{Command{}, true, "\nrow1\nrow2", "=\nrow1\nrow2\n\n"},
	} {
		if got := FormatResponse(tc.c, tc.ok, tc.text); got != tc.want {
			t.Errorf("FormatResponse(%v, %v, %q) = %q, want %q", tc.c, tc.ok, tc.text, got, tc.want)
		}
	}
}

func TestParseReply(t *testing.T) {
	for _, tc := range []struct {
		lines []string
		want  Reply
	}{
		{[]string{"= f5"}, Reply{OK: true, Text: "f5"}},
		{[]string{"="}, Reply{OK: true}},
		{[]string{"= 4"}, Reply{OK: true, Text: "4"}}, // a Connect Four column, not an id
		{[]string{"=7 4"}, Reply{OK: true, ID: 7, HasID: true, Text: "4"}},
		{[]string{"? illegal move"}, Reply{Text: "illegal move"}},
		{[]string{"=", "row1", "row2"}, Reply{OK: true, Text: "row1\nrow2"}},
	} {
		got, err := ParseReply(tc.lines)
		if err != nil || got != tc.want {
			t.Errorf("ParseReply(%q) = %+v, %v; want %+v", tc.lines, got, err, tc.want)
		}
	}
	for _, bad := range [][]string{{"hello"}, {"=x"}, {}, {"=99999999999999999999 a"}} {
		if _, err := ParseReply(bad); !errors.Is(err, ErrMalformed) {
			t.Errorf("ParseReply(%q): %v, want ErrMalformed", bad, err)
		}
	}
}

func TestLineReaderRefusesLongLines(t *testing.T) {
	long := strings.Repeat("x", MaxLine+10)
	lr := NewLineReader(strings.NewReader(long + "\nnext\r\n"))
	if _, err := lr.ReadLine(); !errors.Is(err, ErrMalformed) {
		t.Fatalf("a long line: %v", err)
	}
	if err := lr.SkipLong(); err != nil {
		t.Fatal(err)
	}
	if l, err := lr.ReadLine(); l != "next" || err != nil {
		t.Errorf("the line after: %q, %v", l, err)
	}
}

func TestSplitCommand(t *testing.T) {
	for in, want := range map[string]string{
		`python3 bot.py`:                  "python3|bot.py",
		`  java -cp "my dir" Bot  `:       "java|-cp|my dir|Bot",
		`./bot 'a "b"' c\ d`:              `./bot|a "b"|c d`,
		`"C:\\Bots\\x.exe" --level 3`:     `C:\Bots\x.exe|--level|3`,
		`sh -c "echo \"hi\""`:             `sh|-c|echo "hi"`,
		`edax -gtp -l 10`:                 "edax|-gtp|-l|10",
		`''`:                              "",
		`python3 "bot with spaces.py" -x`: "python3|bot with spaces.py|-x",
	} {
		got, err := SplitCommand(in)
		if err != nil || strings.Join(got, "|") != want {
			t.Errorf("SplitCommand(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "   ", `"open`, `'open`, `end\`, "a\nb"} {
		if _, err := SplitCommand(bad); err == nil {
			t.Errorf("SplitCommand(%q) gave no error", bad)
		}
	}
}
