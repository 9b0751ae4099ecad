package search

import (
	"math/bits"
	"runtime"
	"runtime/debug"
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
	mapping    []byte          // the memory mapping entries live in, if any (see mapMinMB)
	cleanup    runtime.Cleanup // unmaps the mapping if t is dropped unreleased
	// epoch counts the clears of a heap table (1..maxEpoch): an entry of
	// another epoch is empty, so Clear need not write every entry (at
	// ucinewgame it did, 16 MB each time at the default Hash).
	epoch uint64
	// keepDeeperBy: a same-search store of a position that is not exact
	// and this many plies shallower than its entry keeps the entry (0:
	// every store of the position replaces it). Params.TTKeepDepth, set
	// as each search starts.
	keepDeeperBy int
}

type ttEntry struct{ key, data atomic.Uint64 }

const clusterSize = 4 // four 16-byte entries: one cache line

// Data word: move 25 bits | score 16 | depth 8 | bound 2 | unused 1 |
// generation 6 | epoch 6.
func packTT(m board.Move, score, depth int, b Bound, gen uint32, epoch uint64) uint64 {
	return uint64(m)&(1<<25-1) | uint64(uint16(int16(score)))<<25 | uint64(uint8(depth+depthOffset))<<41 |
		uint64(b)<<49 | uint64(gen&63)<<genShift | epoch<<epochShift
}

const (
	genShift   = 52
	epochShift = 58
	maxEpoch   = 1<<(64-epochShift) - 1
)

// generation is the search generation an entry's data word was stored in.
func generation(d uint64) uint32 { return uint32(d>>genShift) & 63 }

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

// MaxHashMB is the largest Hash announced; HashLimitMB lowers it to what
// the machine can hold.
const MaxHashMB = 16384

const (
	entryBytes   = 16
	clusterBytes = entryBytes * clusterSize
)

// NewTT makes a table of about mb megabytes (at least one cluster).
func NewTT(mb int) *TT {
	t := &TT{}
	t.Resize(mb)
	return t
}

// Resize replaces the table with an empty one of mb megabytes, lowered to
// HashLimitMB, and returns the size it got. The old table's memory goes
// back to the OS first, so that it counts as available. Not to be called
// while a search runs.
func (t *TT) Resize(mb int) int {
	t.release()
	return t.allocate(min(max(mb, 1), HashLimitMB()))
}

// Clear empties the table (ucinewgame, Clear Hash). A mapped table gets
// fresh zeroed memory of the same size: the cost is freeing the pages a
// search used, not writing every entry. A heap table starts a new epoch,
// and is written only when the epochs run out. Not to be called while a
// search runs.
func (t *TT) Clear() {
	switch {
	case t.mapping != nil:
		mb := t.MB()
		t.release()
		t.allocate(mb)
		t.generation.Store(0)
	default:
		t.Forget()
	}
}

// Forget empties the table as Clear does but keeps its memory: a new
// epoch, so no entry is written (all of them once the epochs run out).
// For a run of searches that each start afresh on a table they fill again
// at once (the bench): Clear's fresh mapping there cost a page fault per
// page the search touched, a third of the bench's time. Not to be called
// while a search runs.
func (t *TT) Forget() {
	if t.epoch < maxEpoch {
		t.epoch++
	} else {
		clear(t.entries)
		t.epoch = 1
	}
	t.generation.Store(0)
}

// MB is the table's size in megabytes.
func (t *TT) MB() int { return int(t.clusters * clusterBytes >> 20) }

// Tables from mapMinMB up live in a memory mapping of their own, outside
// the Go heap (where the OS allows it, and not in race builds, where the
// race detector must see the table), aligned to and marked for huge pages
// (mapEntries): the Go heap's 4 KB pages made nearly every probe of a
// 16 MB table a TLB miss, and huge pages took 5-9 % off the bench's time.
// A new mapping is zero and untouched, and unmapping hands its pages back
// to the OS at once. On the heap, a large allocation that reuses freed
// memory is zeroed by writing all of it, and freed memory goes back only
// when the scavenger gets to it. A table smaller than a huge page stays
// on the heap, where the GC frees a dropped one as it frees everything
// else.
const mapMinMB = hugePage >> 20

// hugePage is the size of an x86-64 (and arm64 4 KB-granule) huge page.
const hugePage = 2 << 20

// mappedBytes counts the memory of all mapped tables in the process.
var mappedBytes atomic.Int64

func (t *TT) release() {
	old, mapping := t.entries, t.mapping
	t.entries, t.clusters, t.mapping = nil, 0, nil
	switch {
	case mapping != nil:
		t.cleanup.Stop()
		t.cleanup = runtime.Cleanup{}
		unmapEntries(mapping)
	case len(old)*entryBytes >= mapMinMB<<20:
		debug.FreeOSMemory() // a large heap table: return it now
	}
}

// allocate makes an empty table of mb megabytes, or of fewer if the OS
// refuses to map that much (strict overcommit), and returns the size it
// got.
func (t *TT) allocate(mb int) int {
	t.epoch = 1 // a new table is zero: epoch 0 everywhere
	for canMap && mb >= mapMinMB {
		if mappedBytes.Load() > 0 {
			// Another table is mapped, maybe one dropped without a
			// Resize: the GC cannot see mapped memory, so it is asked to
			// find (and clean up) unreachable tables now.
			runtime.GC()
		}
		n := uint64(mb) << 20 / clusterBytes
		entries, mapping, err := mapEntries(int(n * clusterSize))
		if err != nil {
			mb /= 2
			continue
		}
		t.entries, t.clusters, t.mapping = entries, n, mapping
		t.cleanup = runtime.AddCleanup(t, unmapEntries, mapping)
		return mb
	}
	n := uint64(mb) << 20 / clusterBytes
	t.entries, t.clusters = make([]ttEntry, n*clusterSize), n
	return mb
}

// NewSearch ages the entries of earlier searches so they are replaced first.
func (t *TT) NewSearch() { t.generation.Add(1) }

func (t *TT) cluster(key uint64) []ttEntry {
	hi, _ := bits.Mul64(key, t.clusters)
	return t.entries[hi*clusterSize : hi*clusterSize+clusterSize]
}

func (t *TT) probe(key uint64) (ttHit, bool) {
	c := t.cluster(key)
	for i := range c {
		e := &c[i]
		d := e.data.Load()
		if e.key.Load()^d == key && d>>epochShift == t.epoch {
			return unpackTT(d), true
		}
	}
	return ttHit{}, false
}

// store keeps a node's result.
func (t *TT) store(key uint64, m board.Move, score, depth int, b Bound) {
	gen := t.generation.Load()
	c := t.cluster(key)
	victim := &c[0]
	worst := 1 << 30
	for i := range c {
		e := &c[i]
		d := e.data.Load()
		empty := d>>epochShift != t.epoch // zero, or of a game before the last Clear
		if e.key.Load()^d == key || empty {
			if !empty {
				old := unpackTT(d)
				if t.keepDeeperBy > 0 && b != BoundExact && depth+t.keepDeeperBy <= old.depth && generation(d) == gen&63 {
					// A much shallower bound of this search would throw
					// away the deeper work: the entry stays and learns
					// only the new move.
					if m != board.NoMove && m != old.move {
						d = packTT(m, old.score, old.depth, old.bound, gen, t.epoch)
						e.data.Store(d)
						e.key.Store(key ^ d)
					}
					return
				}
				if m == board.NoMove { // keep the old best move
					m = old.move
				}
			}
			victim = e
			break
		}
		h := unpackTT(d)
		age := int((gen - generation(d)) & 63)
		if v := h.depth - 8*age; v < worst {
			worst, victim = v, e
		}
	}
	d := packTT(m, score, depth, b, gen, t.epoch)
	victim.data.Store(d)
	victim.key.Store(key ^ d)
}

// HashFull is the permille of the first entries written in this search.
func (t *TT) HashFull() int {
	gen := t.generation.Load() & 63
	n, used := min(1000, len(t.entries)), 0
	for i := 0; i < n; i++ {
		d := t.entries[i].data.Load()
		if d>>epochShift == t.epoch && generation(d) == gen {
			used++
		}
	}
	return used * 1000 / n
}

// cuts: a stored score of this bound settles a node searched with the
// window (alpha, beta).
func (b Bound) cuts(score, alpha, beta int) bool {
	return b == BoundExact || (b == BoundLower && score >= beta) || (b == BoundUpper && score <= alpha)
}

// resultBound is the bound of a node's best score against the window it
// was searched with (alpha as it came in): only a score strictly inside
// it is exact (a null window has no inside).
func resultBound(best, alpha, beta int) Bound {
	switch {
	case best >= beta:
		return BoundLower
	case best > alpha:
		return BoundExact
	}
	return BoundUpper
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
