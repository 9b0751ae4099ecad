package match

import "io"

// PGNGame is one game of a PGN file, for tools that learn from games (the
// tuner): its tags (FEN, Variant, Result...), its moves as written (SAN or
// UCI strings, not checked) and its result token (1-0, 0-1, 1/2-1/2, *).
type PGNGame struct {
	Tags   map[string]string
	Moves  []string
	Result string
}

// ReadPGN reads every game of PGN text such as -pgnout writes.
func ReadPGN(r io.Reader) ([]PGNGame, error) {
	games, err := parsePGN(r)
	if err != nil {
		return nil, err
	}
	out := make([]PGNGame, len(games))
	for i, g := range games {
		out[i] = PGNGame{Tags: g.tags, Moves: g.moves, Result: g.result}
	}
	return out, nil
}
