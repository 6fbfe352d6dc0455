package main

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/png"
	"path/filepath"
	"testing"
)

// The icon has every frame, each a PNG of its size, at the offsets its
// directory gives.
func TestEncodeICO(t *testing.T) {
	src, err := readPNG(filepath.Join("..", "..", "assets", "Icon.png"))
	if err != nil {
		t.Fatal(err)
	}
	ico, err := encodeICO(src, iconSizes)
	if err != nil {
		t.Fatal(err)
	}
	le := binary.LittleEndian
	if le.Uint16(ico[2:]) != 1 || int(le.Uint16(ico[4:])) != len(iconSizes) {
		t.Fatalf("header %v", ico[:6])
	}
	for i, n := range iconSizes {
		e := ico[6+16*i:]
		size, off := le.Uint32(e[8:]), le.Uint32(e[12:])
		img, err := png.Decode(bytes.NewReader(ico[off : off+size]))
		if err != nil {
			t.Fatalf("frame %d: %v", n, err)
		}
		if img.Bounds() != image.Rect(0, 0, n, n) || (n < 256 && int(e[0]) != n) || (n == 256 && e[0] != 0) {
			t.Errorf("frame %d: %v, directory says %d", n, img.Bounds(), e[0])
		}
	}
	if iconSizes[0] != 16 || iconSizes[len(iconSizes)-1] != 256 {
		t.Errorf("sizes %v: not 16 to 256", iconSizes)
	}
}

func TestFileVersion(t *testing.T) {
	fv, err := fileVersion("0.1.0", 7)
	if err != nil || fv.GetVersionString() != "0.1.0.7" {
		t.Errorf("0.1.0 build 7: %v %v", fv.GetVersionString(), err)
	}
	for _, v := range []string{"", "1.2", "1.2.x", "1.2.3.4", "1.70000.0"} {
		if _, err := fileVersion(v, 1); err == nil {
			t.Errorf("%q accepted", v)
		}
	}
}
