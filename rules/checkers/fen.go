package checkers

import (
	"math/bits"
	"strconv"
	"strings"

	"boardgames/rules"
)

// String formats the position in PDN FEN, in the canonical form
// "B:W21,22,K30:B1,2,3": the side to move, the white pieces, the black
// pieces, each list in ascending square order with K before a king. The
// draw counter is not part of it.
func (p Position) String() string {
	b := make([]byte, 0, 96)
	if p.side == rules.White {
		b = append(b, 'W')
	} else {
		b = append(b, 'B')
	}
	b = append(b, ":W"...)
	b = p.appendList(b, p.white)
	b = append(b, ":B"...)
	b = p.appendList(b, p.black)
	return string(b)
}

// appendList appends the comma-separated squares of pieces.
func (p Position) appendList(b []byte, pieces uint32) []byte {
	first := true
	for i := 0; i < 32; i++ {
		if pieces>>i&1 == 0 {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		if p.kings>>i&1 != 0 {
			b = append(b, 'K')
		}
		b = strconv.AppendInt(b, int64(i+1), 10)
	}
	return b
}

// Parse reads a position in PDN FEN, such as "B:W21,22,K30:B1,2,3": the
// side to move (B or W), then the white and the black pieces in either
// order, each a colour letter and a comma-separated list of squares, K
// marking a king; a range such as 1-12 (or K1-4) stands for its squares.
// A final period is allowed. The draw counter starts at zero.
func Parse(s string, o Options) (Position, error) {
	if err := o.Validate(); err != nil {
		return Position{}, err
	}
	p := Position{counters: counters{limit: o.limit()}}
	t := strings.TrimSuffix(strings.TrimSpace(s), ".")
	fields := strings.Split(t, ":")
	if len(fields) != 3 {
		return p, rules.Errorf(Name, "position %q: want the side to move and two piece lists separated by colons, like B:W21,22:B1,2", s)
	}
	switch strings.TrimSpace(fields[0]) {
	case "B", "b":
		p.side = rules.Black
	case "W", "w":
		p.side = rules.White
	default:
		return p, rules.Errorf(Name, "position: side to move %q is not B or W", fields[0])
	}
	var seen [2]bool
	for _, f := range fields[1:] {
		f = strings.TrimSpace(f)
		var pl rules.Player
		switch {
		case strings.HasPrefix(f, "W") || strings.HasPrefix(f, "w"):
			pl = rules.White
		case strings.HasPrefix(f, "B") || strings.HasPrefix(f, "b"):
			pl = rules.Black
		default:
			return p, rules.Errorf(Name, "position: piece list %q does not start with W or B", f)
		}
		if seen[pl] {
			return p, rules.Errorf(Name, "position: two %s piece lists", pl)
		}
		seen[pl] = true
		if err := p.addList(pl, f[1:]); err != nil {
			return p, err
		}
	}
	for _, side := range []struct {
		name string
		set  uint32
	}{{"black", p.black}, {"white", p.white}} {
		if n := bits.OnesCount32(side.set); n > 12 {
			return Position{}, rules.Errorf(Name, "position: %d %s pieces; a side has at most 12", n, side.name)
		}
	}
	return p, nil
}

// addList adds the pieces of colour pl listed in list.
func (p *Position) addList(pl rules.Player, list string) error {
	if strings.TrimSpace(list) == "" {
		return nil
	}
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		king := false
		if strings.HasPrefix(item, "K") || strings.HasPrefix(item, "k") {
			king, item = true, item[1:]
		}
		if item == "" {
			return rules.Errorf(Name, "position: empty entry in the %s list", pl)
		}
		lo, hi, ok := strings.Cut(item, "-")
		switch {
		case !ok:
			hi = lo
		case strings.TrimSpace(lo) == "" || strings.TrimSpace(hi) == "":
			return rules.Errorf(Name, "position: %s list: %s is not a range like 1-12 (a square number is missing)", pl, rules.ShowText(item))
		}
		a, err := parseSquare(lo)
		if err != nil {
			return rules.Errorf(Name, "position: %s list: %s", pl, strings.TrimPrefix(err.Error(), Name+": "))
		}
		b, err := parseSquare(hi)
		if err != nil {
			return rules.Errorf(Name, "position: %s list: %s", pl, strings.TrimPrefix(err.Error(), Name+": "))
		}
		if b < a {
			return rules.Errorf(Name, "position: %s list: range %s runs backwards", pl, item)
		}
		for i := a; i <= b; i++ {
			if err := p.put(pl, i, king); err != nil {
				return err
			}
		}
	}
	return nil
}

// put places a piece on bit i.
func (p *Position) put(pl rules.Player, i int, king bool) error {
	bit := uint32(1) << i
	if (p.black|p.white)&bit != 0 {
		return rules.Errorf(Name, "position: square %d is listed twice", i+1)
	}
	crown := lastRow
	if pl == rules.White {
		crown = topRow
	}
	if !king && crown&bit != 0 {
		return rules.Errorf(Name, "position: a %s man on %d would have been crowned; write K%d", pl, i+1, i+1)
	}
	if pl == rules.White {
		p.white |= bit
	} else {
		p.black |= bit
	}
	if king {
		p.kings |= bit
	}
	return nil
}
