package match

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"senapati/board"
	"senapati/pgn"
)

// Resuming a match. The PGN of -pgnout is the record of the finished
// games: a game is finished once it is there, whole. Next to it, in
// PGN.resume, a small state file says which match the PGN's games from
// some offset on belong to: the command line and the seeds it drew (a
// match without -srand draws its seed from the clock, and a resume must
// draw the same openings). The state file is written atomically (a
// temporary file, synced, renamed) before the first game starts, and
// removed when the match ends (all games played, or the SPRT decided);
// an interrupted match (Ctrl-C, SIGKILL, a power cut, an output that
// failed) leaves it, and the same command, or -resume PGN.resume, then
// plays exactly the games that are not in the PGN, with their own
// numbers, openings and colours, and counts the others from the PGN.

// stateVersion changes when the state file's meaning does.
const stateVersion = 1

// resumeState is the state file.
type resumeState struct {
	Version     int      `json:"version"`
	Args        []string `json:"args"` // the command line after "match"
	Seed        uint64   `json:"seed"`
	OpeningSeed uint64   `json:"opening_seed"`
	PGN         string   `json:"pgn"`       // -pgnout, as given
	PGNStart    int64    `json:"pgn_start"` // the match's first game starts here in the PGN
}

// resumeFlags may differ between the run that began a match and the one
// that resumes it, since they do not change the games: "flag" -> takes a
// value.
var resumeFlags = map[string]bool{"concurrency": true, "progress": true, "debug": false, "log": true,
	"ratinginterval": true, "wait": true, "use-affinity": false, "livepgnout": true, "resume": true}

// matchArgs drops from args the flags that may differ in a resume.
func matchArgs(args []string) []string {
	var out []string
	for i := 0; i < len(args); {
		j := i + 1
		for j < len(args) && !isFlag(args[j]) {
			j++
		}
		if _, ok := resumeFlags[strings.TrimLeft(args[i], "-")]; !ok || !isFlag(args[i]) {
			out = append(out, args[i:j]...)
		}
		i = j
	}
	return out
}

// statePath is the state file of a match written to pgnOut.
func statePath(pgnOut string) string { return pgnOut + ".resume" }

// maxStateBytes bounds a state file: it holds a command line and a few
// numbers.
const maxStateBytes = 1 << 20

// readState reads a state file. The errors of its content say "is not a
// match's state file" (it may be deleted); one that cannot be read wraps
// the file system's error.
func readState(path string) (*resumeState, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() { // a FIFO would block the read
		return nil, fmt.Errorf("%s is not a match's state file: not a regular file (%v)", path, fi.Mode().Type())
	}
	if fi.Size() > maxStateBytes {
		return nil, fmt.Errorf("%s is not a match's state file: %d bytes", path, fi.Size())
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	st := &resumeState{}
	if err := json.Unmarshal(data, st); err != nil {
		return nil, fmt.Errorf("%s is not a match's state file: %v", path, err)
	}
	if st.Version != stateVersion {
		return nil, fmt.Errorf("%s: state file version %d, this runner reads %d", path, st.Version, stateVersion)
	}
	if len(st.Args) == 0 || st.PGN == "" {
		return nil, fmt.Errorf("%s is not a match's state file: no command line or PGN", path)
	}
	return st, nil
}

// writeAtomic replaces path with data so that a crash or a power cut
// leaves the old file or the new one, never a mix: a temporary file in
// the same directory, synced, renamed over path, and the directory synced.
func writeAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(0o644) // as the PGN beside it; CreateTemp makes 0600
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync() // not every file system syncs a directory
		d.Close()
	}
	return nil
}

// resumeFromFile is -resume FILE: the match of the state file, with the
// flags of more (only those that may differ in a resume) after its own.
func resumeFromFile(file string, more []string) (*Config, error) {
	for _, a := range more {
		if name := strings.TrimLeft(a, "-"); isFlag(a) && name != "resume" {
			if _, ok := resumeFlags[name]; !ok {
				return nil, fmt.Errorf("-resume %s plays the match the file holds: next to it give only flags that do not change the games (-concurrency, -progress, -debug, -log, -ratinginterval, -wait, -use-affinity, -livepgnout), not %s", file, a)
			}
		}
	}
	st, err := readState(file)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("-resume %s: no such state file (a match that ended removes its file)", file)
	}
	if err != nil {
		return nil, fmt.Errorf("-resume: %v", err)
	}
	for _, a := range st.Args {
		if isFlag(a) && strings.TrimLeft(a, "-") == "resume" {
			return nil, fmt.Errorf("-resume: %s holds a command line with -resume", file)
		}
	}
	var rest []string
	for i := 0; i < len(more); {
		j := i + 1
		for j < len(more) && !isFlag(more[j]) {
			j++
		}
		if strings.TrimLeft(more[i], "-") != "resume" {
			rest = append(rest, more[i:j]...)
		}
		i = j
	}
	cfg, err := ParseArgs(append(slices.Clone(st.Args), rest...))
	if err != nil {
		return nil, fmt.Errorf("-resume %s: %v", file, err)
	}
	if statePath(cfg.PGNOut) != file {
		// The file was moved or renamed: it is the state all the same.
		cfg.statePath = file
	}
	return cfg, nil
}

// resumedGame is a finished game of the match found in the PGN.
type resumedGame struct {
	mergedGame
	tags   *matchTags
	text   []byte   // as the PGN holds it
	start  string   // the FEN it starts from
	moves  []string // its moves in UCI notation, book moves first
	damage string   // why its moves do not replay by the rules; "" when they do
}

// resumer is the resume of one run: nil when the match has no -pgnout.
type resumer struct {
	path  string // the state file
	state *resumeState
	fresh bool // no state file yet: written by begin
	games []resumedGame
	pgn   string
	start int64 // where the match's games begin in the PGN
}

// loadResume reads the state file of the match, if there is one, and the
// match's games in its PGN; it sets the seeds the match drew. A state
// file of another command is an error: resuming it would mix two matches
// in one PGN.
func loadResume(cfg *Config) (*resumer, error) {
	if !keepsRecord(cfg) {
		return nil, nil
	}
	r := &resumer{path: cmp0(cfg.statePath, statePath(cfg.PGNOut)), pgn: cfg.PGNOut}
	st, err := readState(r.path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		r.fresh = true
		r.state = &resumeState{Version: stateVersion, Args: cfg.args, Seed: cfg.Seed, OpeningSeed: cfg.Openings.Seed, PGN: cfg.PGNOut}
		if fi, err := os.Stat(cfg.PGNOut); err == nil {
			r.state.PGNStart = fi.Size() // a new match's games follow what the file holds
		}
		return r, nil
	case err != nil && strings.Contains(err.Error(), "is not a match's state file"):
		return nil, fmt.Errorf("%v (delete it to start a new match)", err)
	case err != nil:
		return nil, fmt.Errorf("cannot read the state file: %v", err)
	}
	if !slices.Equal(matchArgs(st.Args), matchArgs(cfg.args)) {
		return nil, fmt.Errorf("%s holds an unfinished match of another command: %s\nresume it with that command or with -resume %s, or delete %s to start a new match",
			r.path, strings.Join(st.Args, " "), r.path, r.path)
	}
	r.state = st
	cfg.Seed, cfg.Openings.Seed = st.Seed, st.OpeningSeed
	r.start = st.PGNStart
	if r.games, err = readResumed(cfg.PGNOut, st.PGNStart, cfg.Variant); err != nil {
		return nil, fmt.Errorf("resuming the match of %s: %v", r.path, err)
	}
	return r, nil
}

// keepsRecord tells whether the match's -pgnout is a file that records
// it, so that the match can be resumed: not when there is none, nor when
// it is a pipe or a device.
func keepsRecord(cfg *Config) bool {
	if cfg.PGNOut == "" {
		return false
	}
	fi, err := os.Stat(cfg.PGNOut)
	return err != nil || fi.Mode().IsRegular()
}

func cmp0(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// readResumed reads the games of the PGN from offset start on. A game cut
// short at the end (a power cut while it was written) is cut off the file
// and played again; damage to the tags or the structure before the last
// game is an error. Each game is replayed as a game of v: one whose moves
// do not replay is marked (resumer.apply drops it).
func readResumed(path string, start int64, v *board.Variant) ([]resumedGame, error) {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil // no game finished before the interruption
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if fi.Size() < start {
		return nil, fmt.Errorf("%s is shorter (%d bytes) than when the match began (%d bytes): it was changed", path, fi.Size(), start)
	}
	text, err := io.ReadAll(io.NewSectionReader(f, start, fi.Size()-start))
	if err != nil {
		return nil, err
	}
	// The runner writes each game whole, starting "[Event " and ending
	// in a blank line; no comment or tag of its own holds a line break.
	var chunks [][]byte
	for len(text) > 0 {
		end := bytes.Index(text, []byte("\n\n[Event "))
		if end < 0 {
			chunks = append(chunks, text)
			break
		}
		chunks = append(chunks, text[:end+2])
		text = text[end+2:]
	}
	var games []resumedGame
	offset := start
	for i, c := range chunks {
		g, err := resumedFrom(c, fmt.Sprintf("%s, byte %d", path, offset), v)
		if err != nil {
			if i < len(chunks)-1 {
				return nil, err
			}
			// The last game is cut short: the file ends before it.
			if err := f.Truncate(offset); err != nil {
				return nil, fmt.Errorf("cutting the unfinished game off %s: %v", path, err)
			}
			break
		}
		games = append(games, *g)
		offset += int64(len(c))
	}
	return games, nil
}

// resumedFrom reads one game as the runner wrote it.
func resumedFrom(text []byte, where string, v *board.Variant) (*resumedGame, error) {
	if !bytes.HasPrefix(text, []byte("[Event ")) || !bytes.HasSuffix(text, []byte("\n\n")) {
		return nil, fmt.Errorf("%s: not a whole game as the runner writes it", where)
	}
	gs, err := pgn.Parse(bytes.NewReader(text))
	if err != nil || len(gs) != 1 {
		return nil, fmt.Errorf("%s: not one whole game: %v", where, err)
	}
	g := gs[0]
	r := &resumedGame{}
	if r.round, err = tagNumber(g, "Round", where); err != nil {
		return nil, err
	}
	var numbers [2]int
	for side, tag := range []string{"WhiteNumber", "BlackNumber"} {
		if numbers[side], err = tagNumber(g, tag, where); err != nil {
			return nil, err
		}
	}
	r.white, r.black = numbers[0]-1, numbers[1]-1
	if r.tags, err = readMatchTags(g, where, numbers); err != nil {
		return nil, err
	}
	if result, _ := g.Tag("Result"); result != g.Result.String() || g.Result == board.Ongoing {
		return nil, fmt.Errorf("%s: result %q is not a finished game's", where, result)
	}
	r.result = g.Result
	r.termination, _ = g.Tag("Termination")
	r.where = where
	r.text = text
	r.start, r.moves, r.damage = replayKept(g, v)
	return r, nil
}

// replayKept replays a game of the PGN by the rules of v, as the arbiter
// played it: every move legal, none after the game was over, the PlyCount
// right, and a game that the rules ended (Termination "normal") ending
// there with their result, any other ending where the rules go on. It
// gives the start, the moves in UCI notation, and what is wrong ("" if
// nothing): the tags alone do not tell a damaged movetext.
func replayKept(g *pgn.Game, v *board.Variant) (string, []string, string) {
	if gv, err := g.Variant(); err != nil || gv != v {
		name, _ := g.Tag("Variant")
		return "", nil, fmt.Sprintf("its Variant tag %q is not the match's %s", name, v.Name())
	}
	start, moves, err := g.ReplayAs(v)
	if err != nil {
		return "", nil, err.Error()
	}
	if n, _ := g.Tag("PlyCount"); n != strconv.Itoa(len(moves)) {
		return "", nil, fmt.Sprintf("PlyCount %q, but %d moves", n, len(moves))
	}
	game := board.NewGame(start)
	ucis := make([]string, len(moves))
	for i, m := range moves {
		if r, reason := judge(game); r != board.Ongoing {
			return "", nil, fmt.Sprintf("the game was over (%s) before ply %d", reason, i+1)
		}
		ucis[i] = game.Position().MoveString(m)
		game.Play(m)
	}
	r, reason := judge(game)
	term, _ := g.Tag("Termination")
	switch {
	case r != board.Ongoing && (term != termNormal || r != g.Result):
		return "", nil, fmt.Sprintf("the rules end it %s (%s), the PGN says %s (%s)", r, reason, g.Result, term)
	case r == board.Ongoing && term == termNormal:
		return "", nil, fmt.Sprintf("the PGN says the rules ended it %s, but they do not end it", g.Result)
	}
	return start.FEN(), ucis, ""
}

// begin writes a new match's state file, before its first game.
func (r *resumer) begin() error {
	if r == nil || !r.fresh {
		return nil
	}
	data, err := json.MarshalIndent(r.state, "", "  ")
	if err == nil {
		err = writeAtomic(r.path, append(data, '\n'))
	}
	if err != nil {
		return fmt.Errorf("cannot write the state file %s: %v", r.path, err)
	}
	return nil
}

// apply counts the finished games in the statistics and marks them done,
// once the schedule, the openings and the settings are known; a game of
// other settings or openings is an error. A game whose moves do not
// replay, or that does not begin with its opening, is dropped from the
// PGN, with a warning, and played again. Call it before the PGN is
// opened for the new games: the drop replaces the file.
func (r *resumer) apply(t *tournament) error {
	if r == nil || r.fresh {
		return nil
	}
	byNumber := map[int]*gameSpec{}
	for _, s := range t.specs {
		byNumber[s.number] = s
	}
	m := t.settings.match
	t.done = map[int]bool{}
	var kept []resumedGame
	dropped := 0
	for _, g := range r.games {
		info := g.tags.info
		again := fmt.Sprintf("; delete %s to start a new match", r.path)
		switch s := byNumber[g.round]; {
		case info.games != m.games || info.shard != m.shard || info.shards != m.shards:
			return fmt.Errorf("%s: a game of another match (%d games, %s)%s", g.where, info.games, shardText(info.shard, info.shards), again)
		case info.openings != m.openings:
			return fmt.Errorf("%s: game %d was played on another opening set (did the book change?)%s", g.where, g.round, again)
		case info.settings != m.settings:
			return fmt.Errorf("%s: game %d was played with other settings (an engine's name, options or limits?)%s", g.where, g.round, again)
		case s == nil:
			return fmt.Errorf("%s: game %d is not one of this run's games%s", g.where, g.round, again)
		case s.white != g.white || s.black != g.black:
			return fmt.Errorf("%s: game %d has other players than the schedule's%s", g.where, g.round, again)
		case g.tags.otherEngine(t.settings, g.white, g.black) != "":
			return fmt.Errorf("%s: game %d was played by another engine: %s%s", g.where, g.round, g.tags.otherEngine(t.settings, g.white, g.black), again)
		case t.done[g.round]:
			return fmt.Errorf("%s: game %d is there twice%s", g.where, g.round, again)
		case g.damage == "" && (g.start != s.opening.FEN || len(g.moves) < len(s.opening.Moves) || !slices.Equal(g.moves[:len(s.opening.Moves)], s.opening.Moves)):
			g.damage = "it does not begin with its opening"
			fallthrough
		case g.damage != "":
			t.out.warn("Warning: %s: game %d does not replay by the rules (%s): dropped from %s, to be played again", g.where, g.round, g.damage, r.pgn)
			dropped++
		default:
			kept = append(kept, g)
			t.done[g.round] = true
			t.record(played{encounter: s.encounter, white: s.white, black: s.black, result: g.result, termination: g.termination, pair: s.pair})
		}
	}
	if dropped > 0 {
		if err := r.keepOnly(kept); err != nil {
			return fmt.Errorf("dropping the damaged games from %s: %v", r.pgn, err)
		}
	}
	t.resumed = len(kept)
	var missing []int
	for _, s := range t.specs {
		if !t.done[s.number] {
			missing = append(missing, s.number)
		}
	}
	t.out.line("Resuming the match of %s: %d of %d games are in %s; %d to play: %s", r.path, len(kept), len(t.specs), r.pgn, len(missing), ranges(missing))
	if c := t.cfg; c.SPRT != nil && c.Shards == 0 && len(t.enc) == 1 && t.finished > 0 {
		t.decision = c.SPRT.Decision(t.llr(t.enc[0]))
	}
	return nil
}

// keepOnly replaces the PGN with what it held before the match and the
// kept games of the match, atomically: a crash leaves the old file or the
// new one.
func (r *resumer) keepOnly(kept []resumedGame) error {
	f, err := os.Open(r.pgn)
	if err != nil {
		return err
	}
	defer f.Close()
	data := make([]byte, r.start, r.start+int64(len(kept))*2048)
	if _, err := io.ReadFull(f, data); err != nil {
		return err
	}
	for _, g := range kept {
		data = append(data, g.text...)
	}
	return writeAtomic(r.pgn, data)
}

// otherEngine says how an engine of the game differs from the one this
// run started, "" when neither does. A game from a runner without the
// EngineID tags passes.
func (m *matchTags) otherEngine(s *gameSettings, white, black int) string {
	for _, i := range []int{white, black} {
		if id := m.ids[i+1]; id != "" && s.ids != nil && id != s.ids[i] {
			return fmt.Sprintf("engine %d (%s) had id name %q, now %q", i+1, s.names[i], id, s.ids[i])
		}
	}
	return ""
}

// end removes the state file of a match that ended; an interrupted one
// keeps it and is told how to resume.
func (r *resumer) end(finished bool, out *printer) {
	if r == nil {
		return
	}
	if finished {
		if err := os.Remove(r.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			out.warn("Warning: cannot remove the state file of the finished match: %v", err)
		}
		return
	}
	if _, err := os.Stat(r.path); err == nil {
		out.line("Resume: run the same command again, or senapati match -resume %s", r.path)
	}
}
