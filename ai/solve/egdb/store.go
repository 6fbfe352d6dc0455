package egdb

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"

	"boardgames/internal/nowait"
)

// A subdatabase is kept in two files, each a header and then one value a
// position, in index order:
//
//   - NAME.wld, the database proper: win, loss or draw in 2 bits (four
//     positions a byte, the first in the low bits: 0 draw, 1 win, 2 loss
//     for the side to move);
//   - NAME.dtw, the depth to win: a byte a position (two, little-endian,
//     in a subdatabase with a win longer than 254 plies), 0 for a draw
//     and otherwise 1 + the plies to the end of the game with best play
//     (the winner hastening the end, the loser delaying it): odd plies
//     are a win for the side to move, even plies a loss.
//
// The builder needs the distances of the smaller databases; a probe reads
// the .dtw file where it is asked to and the .wld file otherwise. Files
// are written under a temporary name and renamed, so a file that exists
// is whole; the header's checksum catches the rest.

// Kinds of file.
const (
	kindWLD uint8 = 1
	kindDTW uint8 = 2
)

// fileMagic starts every file.
const fileMagic = "bgegdb01"

// header is the start of a file.
type header struct {
	Magic                [8]byte
	BM, BK, WM, WK, Kind uint8
	Width                uint8 // bytes a position of a .dtw file (1 or 2); 0 in a .wld file
	_                    [2]byte
	Positions            uint64
	Wins, Losses, Draws  uint64
	MaxPlies             uint32 // the longest win or loss, in plies
	CRC                  uint32 // CRC-32 (Castagnoli) of the data
}

var headerSize = binary.Size(header{})

var crcTable = crc32.MakeTable(crc32.Castagnoli)

// stats are a subdatabase's figures.
type stats struct {
	positions, wins, losses, draws int64
	maxPlies                       int
}

// fileName is the path of k's file of a kind in dir.
func fileName(dir string, k Key, kind uint8) string {
	ext := ".wld"
	if kind == kindDTW {
		ext = ".dtw"
	}
	return filepath.Join(dir, k.String()+ext)
}

// dataSize is the number of data bytes of a file of n positions, width
// bytes each in a .dtw file.
func dataSize(kind uint8, n int64, width int) int64 {
	if kind == kindWLD {
		return (n + 3) / 4
	}
	return n * int64(width)
}

// dtwTable is the data of a .dtw file.
type dtwTable struct {
	data []byte
	wide bool // two bytes a position
}

// at returns the stored value of position i: 0 a draw, else 1 + plies.
func (t dtwTable) at(i int64) int {
	if t.wide {
		return int(binary.LittleEndian.Uint16(t.data[2*i:]))
	}
	return int(t.data[i])
}

// len is the number of positions.
func (t dtwTable) len() int64 {
	if t.wide {
		return int64(len(t.data) / 2)
	}
	return int64(len(t.data))
}

// width is the bytes a position.
func (t dtwTable) width() int {
	if t.wide {
		return 2
	}
	return 1
}

// writeFile writes a file atomically: to a temporary file, synced, then
// renamed.
func writeFile(dir string, k Key, kind uint8, width int, st stats, data []byte) error {
	h := header{
		BM: uint8(k.BM), BK: uint8(k.BK), WM: uint8(k.WM), WK: uint8(k.WK), Kind: kind, Width: uint8(width),
		Positions: uint64(st.positions), Wins: uint64(st.wins), Losses: uint64(st.losses), Draws: uint64(st.draws),
		MaxPlies: uint32(st.maxPlies), CRC: crc32.Checksum(data, crcTable),
	}
	copy(h.Magic[:], fileMagic)
	name := fileName(dir, k, kind)
	f, err := os.CreateTemp(dir, k.String()+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	err = binary.Write(f, binary.LittleEndian, &h)
	if err == nil {
		_, err = f.Write(data)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, name)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("egdb: writing %s: %w", name, err)
	}
	return nil
}

// errMissing is the error of a file that is not there.
var errMissing = errors.New("egdb: not built")

// readHeader reads and checks a file's header: its magic, key, kind and
// size. It returns errMissing (wrapped) if the file does not exist.
func readHeader(f *os.File, k Key, kind uint8) (header, error) {
	var h header
	if err := binary.Read(f, binary.LittleEndian, &h); err != nil {
		return h, fmt.Errorf("egdb: %s: reading the header: %w", f.Name(), err)
	}
	want := dataSize(kind, newIndexer(k).size, int(h.Width))
	st, err := f.Stat()
	switch {
	case err != nil:
		return h, err
	case string(h.Magic[:]) != fileMagic:
		return h, fmt.Errorf("egdb: %s is not a database file of this program", f.Name())
	case Key{int(h.BM), int(h.BK), int(h.WM), int(h.WK)} != k || h.Kind != kind:
		return h, fmt.Errorf("egdb: %s holds another subdatabase", f.Name())
	case kind == kindDTW && h.Width != 1 && h.Width != 2:
		return h, fmt.Errorf("egdb: %s: %d bytes a position is not 1 or 2", f.Name(), h.Width)
	case h.Positions != uint64(newIndexer(k).size) || st.Size() != int64(headerSize)+want:
		return h, fmt.Errorf("egdb: %s has %d bytes, want %d: rebuild it", f.Name(), st.Size(), int64(headerSize)+want)
	}
	return h, nil
}

// statFile checks that k's file of a kind is there and of the right size,
// without reading its data; it returns the figures of its header.
func statFile(dir string, k Key, kind uint8) (stats, int64, error) {
	f, err := nowait.Open(fileName(dir, k, kind)) // a named pipe is refused, not waited on
	if errors.Is(err, os.ErrNotExist) {
		return stats{}, 0, fmt.Errorf("%w: %s", errMissing, fileName(dir, k, kind))
	}
	if err != nil {
		return stats{}, 0, err
	}
	defer f.Close()
	h, err := readHeader(f, k, kind)
	return h.stats(), int64(headerSize) + dataSize(kind, int64(h.Positions), int(h.Width)), err
}

func (h header) stats() stats {
	return stats{int64(h.Positions), int64(h.Wins), int64(h.Losses), int64(h.Draws), int(h.MaxPlies)}
}

// readDTW reads k's .dtw file whole and checks its checksum.
func readDTW(dir string, k Key) (dtwTable, stats, error) {
	data, h, err := readFile(dir, k, kindDTW)
	return dtwTable{data, h.Width == 2}, h.stats(), err
}

// readWLD reads k's .wld file whole and checks its checksum.
func readWLD(dir string, k Key) ([]byte, stats, error) {
	data, h, err := readFile(dir, k, kindWLD)
	return data, h.stats(), err
}

// readFile reads k's file of a kind whole and checks its checksum.
func readFile(dir string, k Key, kind uint8) ([]byte, header, error) {
	f, err := nowait.Open(fileName(dir, k, kind)) // a named pipe is refused, not waited on
	if errors.Is(err, os.ErrNotExist) {
		return nil, header{}, fmt.Errorf("%w: %s", errMissing, fileName(dir, k, kind))
	}
	if err != nil {
		return nil, header{}, err
	}
	defer f.Close()
	h, err := readHeader(f, k, kind)
	if err != nil {
		return nil, h, err
	}
	data := make([]byte, dataSize(kind, int64(h.Positions), int(h.Width)))
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, h, fmt.Errorf("egdb: %s: %w", f.Name(), err)
	}
	if crc32.Checksum(data, crcTable) != h.CRC {
		return nil, h, fmt.Errorf("egdb: %s is damaged (checksum): rebuild it", f.Name())
	}
	return data, h, nil
}

// WLD values of the 2-bit files.
const (
	wldDraw = 0
	wldWin  = 1
	wldLoss = 2
)

// wldOf packs distances (0 draw, else 1 + plies) into 2-bit values.
func wldOf(dtw dtwTable) []byte {
	n := dtw.len()
	out := make([]byte, dataSize(kindWLD, n, 0))
	for i := range n {
		var c byte
		switch v := dtw.at(i); {
		case v == 0:
			c = wldDraw
		case (v-1)%2 == 1:
			c = wldWin
		default:
			c = wldLoss
		}
		out[i/4] |= c << (2 * (i % 4))
	}
	return out
}

// Built lists the subdatabases whose files are in dir, with the figures
// of their headers, in Keys' order.
func Built(dir string) []SubResult {
	var out []SubResult
	for _, k := range Keys(MaxBuildPieces) {
		st, bytes, err := statFile(dir, k, kindWLD)
		if err != nil {
			continue
		}
		if _, n, err := statFile(dir, k, kindDTW); err == nil {
			bytes += n
		}
		out = append(out, SubResult{Key: k, Positions: st.positions, Wins: st.wins, Losses: st.losses, Draws: st.draws,
			MaxPlies: st.maxPlies, Bytes: bytes})
	}
	return out
}
