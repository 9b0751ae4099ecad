package search

import (
	"math/bits"
	"sync/atomic"

	"senapati/board"
)

// Bound says how a stored score relates to the true value.
type Bound uint8

const (
	BoundNone  Bound = iota
	BoundUpper       // the true score is at most this (fail low)
	BoundLower       // at least this (fail high)
	BoundExact
)

// TT is the transposition table shared by all search threads without
// locks. Each entry is two words, the key stored XOR-ed with the data, so a
// torn write by two threads at once shows up as a key mismatch and is
// ignored (Hyatt's lockless hashing). Atomic loads and stores keep the race
// detector satisfied at no cost on amd64.
type TT struct {
	entries    []ttEntry
	clusters   uint64
	generation atomic.Uint32
}

type ttEntry struct{ key, data atomic.Uint64 }

const clusterSize = 4 // four 16-byte entries: one cache line

// Data word: move 25 bits | score 16 | depth 8 | bound 2 | generation 6.
func packTT(m board.Move, score, depth int, b Bound, gen uint32) uint64 {
	return uint64(m)&(1<<25-1) | uint64(uint16(int16(score)))<<25 | uint64(uint8(depth+depthOffset))<<41 |
		uint64(b)<<49 | uint64(gen&63)<<51
}

const depthOffset = 32 // keeps the stored depth byte positive for depths down to -32

type ttHit struct {
	move  board.Move
	score int
	depth int
	bound Bound
}

func unpackTT(d uint64) ttHit {
	return ttHit{
		move:  board.Move(d & (1<<25 - 1)),
		score: int(int16(uint16(d >> 25))),
		depth: int(uint8(d>>41)) - depthOffset,
		bound: Bound(d >> 49 & 3),
	}
}

// MaxHashMB caps the table: asking the OS for more memory than it has kills
// the process outright, and no machine this engine targets has 16 GB spare.
const MaxHashMB = 16384

// NewTT makes a table of about mb megabytes (at least one cluster).
func NewTT(mb int) *TT {
	t := &TT{}
	t.Resize(mb)
	return t
}

// Resize replaces the table; the old one becomes garbage at once.
func (t *TT) Resize(mb int) {
	n := uint64(max(mb, 1)) << 20 / (16 * clusterSize)
	t.entries = nil
	t.entries = make([]ttEntry, n*clusterSize)
	t.clusters = n
}

// Clear empties the table (ucinewgame, Clear Hash).
// Only called between searches, so plain stores suffice.
func (t *TT) Clear() {
	clear(t.entries)
	t.generation.Store(0)
}

// NewSearch ages the entries of earlier searches so they are replaced first.
func (t *TT) NewSearch() { t.generation.Add(1) }

func (t *TT) cluster(key uint64) []ttEntry {
	hi, _ := bits.Mul64(key, t.clusters)
	return t.entries[hi*clusterSize : hi*clusterSize+clusterSize]
}

func (t *TT) probe(key uint64) (ttHit, bool) {
	for i := range t.cluster(key) {
		e := &t.cluster(key)[i]
		d := e.data.Load()
		if e.key.Load()^d == key && d != 0 {
			return unpackTT(d), true
		}
	}
	return ttHit{}, false
}

func (t *TT) store(key uint64, m board.Move, score, depth int, b Bound) {
	gen := t.generation.Load()
	c := t.cluster(key)
	victim := &c[0]
	worst := 1 << 30
	for i := range c {
		e := &c[i]
		d := e.data.Load()
		if e.key.Load()^d == key || d == 0 {
			if m == board.NoMove && d != 0 { // keep the old best move
				m = unpackTT(d).move
			}
			victim = e
			break
		}
		h := unpackTT(d)
		age := int((gen - uint32(d>>51)) & 63)
		if v := h.depth - 8*age; v < worst {
			worst, victim = v, e
		}
	}
	d := packTT(m, score, depth, b, gen)
	victim.data.Store(d)
	victim.key.Store(key ^ d)
}

// HashFull is the permille of the first entries written in this search.
func (t *TT) HashFull() int {
	gen := t.generation.Load() & 63
	n, used := min(1000, len(t.entries)), 0
	for i := 0; i < n; i++ {
		d := t.entries[i].data.Load()
		if d != 0 && uint32(d>>51) == gen {
			used++
		}
	}
	return used * 1000 / n
}

// Mate scores are stored relative to the node, so a mate found through a
// transposition keeps its true distance from the root.
func scoreToTT(s, ply int) int {
	switch {
	case s >= MateBound:
		return s + ply
	case s <= -MateBound:
		return s - ply
	}
	return s
}

func scoreFromTT(s, ply int) int {
	switch {
	case s >= MateBound:
		return s - ply
	case s <= -MateBound:
		return s + ply
	}
	return s
}
