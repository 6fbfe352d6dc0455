package review

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"sync"
	"sync/atomic"

	"boardgames/rules"
)

// Cache keeps the values of positions the review has analysed, keyed by
// the position's hash and the settings that made the value, so that the
// games of one file or tournament share their work and a review stopped
// half-way resumes where it was. It is safe for concurrent use.
type Cache struct {
	mu     sync.RWMutex
	m      map[cacheKey]Value
	hits   atomic.Uint64
	misses atomic.Uint64
}

type cacheKey struct {
	Hash     uint64
	Settings string
}

// NewCache returns an empty cache.
func NewCache() *Cache { return &Cache{m: map[cacheKey]Value{}} }

// Len returns the number of values held.
func (c *Cache) Len() int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return len(c.m)
}

// Hits and Misses count the lookups that found a value and those that
// did not.
func (c *Cache) Hits() uint64   { return c.hits.Load() }
func (c *Cache) Misses() uint64 { return c.misses.Load() }

func (c *Cache) get(k cacheKey) (Value, bool) {
	c.mu.RLock()
	v, ok := c.m[k]
	c.mu.RUnlock()
	if ok {
		c.hits.Add(1)
	} else {
		c.misses.Add(1)
	}
	return v, ok
}

func (c *Cache) put(k cacheKey, v Value) {
	c.mu.Lock()
	c.m[k] = v
	c.mu.Unlock()
}

// cacheLine is one value in the cache's file.
type cacheLine struct {
	Hash     uint64 `json:"h"`
	Settings string `json:"s"`
	Value    Value  `json:"v"`
	// Best is Value.Best, which Value's own JSON leaves out.
	Best []rules.Move `json:"b,omitempty"`
}

// cacheHeader is the first line of a cache file.
const cacheHeader = `{"format":"boardgames-review-cache/1"}`

// Save writes the cache as JSON lines, a header line first, in a stable
// order.
func (c *Cache) Save(w io.Writer) error {
	c.mu.RLock()
	lines := make([]cacheLine, 0, len(c.m))
	for k, v := range c.m {
		lines = append(lines, cacheLine{k.Hash, k.Settings, v, v.Best})
	}
	c.mu.RUnlock()
	sort.Slice(lines, func(i, j int) bool {
		if lines[i].Settings != lines[j].Settings {
			return lines[i].Settings < lines[j].Settings
		}
		return lines[i].Hash < lines[j].Hash
	})
	bw := bufio.NewWriter(w)
	if _, err := fmt.Fprintln(bw, cacheHeader); err != nil {
		return err
	}
	enc := json.NewEncoder(bw)
	for _, l := range lines {
		if err := enc.Encode(l); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// Load adds the values of a file that Save wrote. It fails on a file of
// another kind, leaving the cache as it was.
func (c *Cache) Load(r io.Reader) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	if !sc.Scan() || sc.Text() != cacheHeader {
		if err := sc.Err(); err != nil {
			return err
		}
		return fmt.Errorf("review: not a review cache (its first line is not %s)", cacheHeader)
	}
	var lines []cacheLine
	for n := 2; sc.Scan(); n++ {
		var l cacheLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			return fmt.Errorf("review: cache line %d: %v", n, err)
		}
		lines = append(lines, l)
	}
	if err := sc.Err(); err != nil {
		return err
	}
	c.mu.Lock()
	for _, l := range lines {
		l.Value.Best = l.Best
		c.m[cacheKey{l.Hash, l.Settings}] = l.Value
	}
	c.mu.Unlock()
	return nil
}
