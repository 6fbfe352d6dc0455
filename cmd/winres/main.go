// Command winres writes the Windows resources of the release build (used
// by scripts/package): an object file (.syso) that `go build` links into
// Boardgames.exe when it lies beside main.go, holding
//   - the icon in every size Windows shows, 16 to 256 pixels (Explorer's
//     lists and tiles, the taskbar, Alt+Tab), scaled from assets/Icon.png;
//   - the version resource Explorer's Properties show: product and file
//     version (0.1.0.1 for version 0.1.0 build 1), the product name, the
//     commit, the original file name;
//   - a manifest: per-monitor DPI awareness (Fyne scales itself), the
//     supported Windows versions, no elevation.
//
// usage: go run ./cmd/winres -version 0.1.0 -build 1 -commit abc123 -o cmd/boardgames/rsrc_windows_amd64.syso
package main

import (
	"bytes"
	"encoding/binary"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/josephspurrier/goversioninfo"
	"golang.org/x/image/draw"
)

// iconSizes are the frames of the icon: the sizes Windows asks for at
// 100 % to 200 % display scale.
var iconSizes = []int{16, 20, 24, 32, 40, 48, 64, 96, 128, 256}

func main() {
	icon := flag.String("icon", "assets/Icon.png", "the app's icon, a square PNG of 256 pixels or more")
	version := flag.String("version", "", "the version, MAJOR.MINOR.PATCH (FyneApp.toml's Version)")
	build := flag.Int("build", 0, "the build number (FyneApp.toml's Build)")
	commit := flag.String("commit", "", "the commit built")
	out := flag.String("o", "", "the .syso file to write")
	flag.Parse()
	if err := run(*icon, *version, *build, *commit, *out); err != nil {
		fmt.Fprintln(os.Stderr, "winres:", err)
		os.Exit(1)
	}
}

func run(iconPath, version string, build int, commit, out string) error {
	fv, err := fileVersion(version, build)
	if err != nil {
		return err
	}
	if out == "" {
		return fmt.Errorf("no output file (-o)")
	}
	dir, err := os.MkdirTemp("", "winres")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)

	src, err := readPNG(iconPath)
	if err != nil {
		return err
	}
	ico, err := encodeICO(src, iconSizes)
	if err != nil {
		return err
	}
	icoPath := filepath.Join(dir, "app.ico")
	if err := os.WriteFile(icoPath, ico, 0o644); err != nil {
		return err
	}
	manifestPath := filepath.Join(dir, "app.manifest")
	if err := os.WriteFile(manifestPath, []byte(manifest(fv)), 0o644); err != nil {
		return err
	}

	vi := &goversioninfo.VersionInfo{IconPath: icoPath, ManifestPath: manifestPath}
	vi.FixedFileInfo.FileVersion = fv
	vi.FixedFileInfo.ProductVersion = fv
	vi.FixedFileInfo.FileOS = "040004" // VOS_NT_WINDOWS32
	vi.FixedFileInfo.FileType = "01"   // VFT_APP
	vi.VarFileInfo.Translation.LangID = goversioninfo.LngUSEnglish
	vi.VarFileInfo.Translation.CharsetID = goversioninfo.CsUnicode
	s := &vi.StringFileInfo
	s.ProductName = "Boardgames"
	s.FileDescription = "Boardgames: Othello, checkers, Connect Four and Adjacency against bots"
	s.ProductVersion = fmt.Sprintf("%s (build %d)", version, build)
	s.FileVersion = fv.GetVersionString()
	s.InternalName = "boardgames"
	s.OriginalFilename = "Boardgames.exe"
	if commit != "" {
		s.Comments = "commit " + commit
	}
	vi.Build()
	vi.Walk()
	return vi.WriteSyso(out, "amd64")
}

// fileVersion is version and build as Windows' four numbers.
func fileVersion(version string, build int) (goversioninfo.FileVersion, error) {
	var fv goversioninfo.FileVersion
	parts := strings.Split(version, ".")
	if len(parts) != 3 {
		return fv, fmt.Errorf("version %q is not MAJOR.MINOR.PATCH", version)
	}
	nums := make([]int, 3)
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || n > 65535 {
			return fv, fmt.Errorf("version %q is not MAJOR.MINOR.PATCH", version)
		}
		nums[i] = n
	}
	if build < 0 || build > 65535 {
		return fv, fmt.Errorf("build %d is not 0..65535", build)
	}
	return goversioninfo.FileVersion{Major: nums[0], Minor: nums[1], Patch: nums[2], Build: build}, nil
}

func readPNG(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if b := img.Bounds(); b.Dx() != b.Dy() || b.Dx() < 256 {
		return nil, fmt.Errorf("%s is %dx%d: the icon must be square, 256 pixels or more", path, b.Dx(), b.Dy())
	}
	return img, nil
}

// encodeICO makes an .ico file of src scaled to each size, each frame a
// PNG (which Windows reads in icons since Vista).
func encodeICO(src image.Image, sizes []int) ([]byte, error) {
	frames := make([][]byte, len(sizes))
	for i, n := range sizes {
		dst := image.NewNRGBA(image.Rect(0, 0, n, n))
		draw.CatmullRom.Scale(dst, dst.Bounds(), src, src.Bounds(), draw.Src, nil)
		var buf bytes.Buffer
		if err := png.Encode(&buf, dst); err != nil {
			return nil, err
		}
		frames[i] = buf.Bytes()
	}
	var out bytes.Buffer
	le := binary.LittleEndian
	binary.Write(&out, le, [3]uint16{0, 1, uint16(len(sizes))}) // reserved, type icon, count
	offset := 6 + 16*len(sizes)
	for i, n := range sizes {
		dim := uint8(n)
		if n >= 256 {
			dim = 0 // 0 means 256
		}
		binary.Write(&out, le, struct {
			W, H, Colours, Reserved uint8
			Planes, Bits            uint16
			Size, Offset            uint32
		}{dim, dim, 0, 0, 1, 32, uint32(len(frames[i])), uint32(offset)})
		offset += len(frames[i])
	}
	for _, f := range frames {
		out.Write(f)
	}
	return out.Bytes(), nil
}

// manifest is the application manifest.
func manifest(fv goversioninfo.FileVersion) string {
	return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<assembly xmlns="urn:schemas-microsoft-com:asm.v1" manifestVersion="1.0">
  <assemblyIdentity type="win32" name="io.github.boardgames" version="` + fv.GetVersionString() + `" processorArchitecture="amd64"/>
  <description>Boardgames</description>
  <trustInfo xmlns="urn:schemas-microsoft-com:asm.v3">
    <security><requestedPrivileges><requestedExecutionLevel level="asInvoker" uiAccess="false"/></requestedPrivileges></security>
  </trustInfo>
  <compatibility xmlns="urn:schemas-microsoft-com:compatibility.v1">
    <application>
      <supportedOS Id="{8e0f7a12-bfb3-4fe8-b9a5-48fd50a15a9a}"/>
    </application>
  </compatibility>
  <application xmlns="urn:schemas-microsoft-com:asm.v3">
    <windowsSettings>
      <dpiAware xmlns="http://schemas.microsoft.com/SMI/2005/WindowsSettings">true/pm</dpiAware>
      <dpiAwareness xmlns="http://schemas.microsoft.com/SMI/2016/WindowsSettings">permonitorv2,permonitor</dpiAwareness>
    </windowsSettings>
  </application>
</assembly>
`
}
