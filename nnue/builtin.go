package nnue

import (
	"embed"
	"fmt"

	"senapati/board"
)

//go:embed nets
var builtinFiles embed.FS

// defaultOn names the games whose built-in net is their default
// evaluation: only where an SPRT against the hand-crafted evaluation
// accepted it (docs/results.md has the result lines).
var defaultOn = map[string]bool{"durg": true, "chaturanga": true, "chess": true}

// builtin holds the embedded nets that are on by default, read once.
var builtin = func() Nets {
	nets := Nets{}
	for _, v := range board.Variants() {
		if !defaultOn[v.Name()] {
			continue
		}
		data, err := builtinFiles.ReadFile("nets/" + v.Name() + ".nnue")
		if err != nil {
			panic(fmt.Sprintf("nnue: %s is on by default but not embedded: %v", v.Name(), err))
		}
		n, err := ReadNet(data)
		if err != nil {
			panic(fmt.Sprintf("nnue: the built-in %s net: %v", v.Name(), err))
		}
		nets[v] = n
	}
	return nets
}()

// Choose is the set of nets an engine plays with: none unless useNets;
// else the built-in defaults, with evalFile's net (if given) in place of
// its game's.
func Choose(useNets bool, evalFile string) (Nets, error) {
	nets := Nets{}
	if !useNets {
		return nets, nil
	}
	for v, n := range builtin {
		nets[v] = n
	}
	if evalFile != "" {
		n, err := ReadNetFile(evalFile)
		if err != nil {
			return nets, err
		}
		nets[n.Variant] = n
	}
	return nets, nil
}

// Describe names a net for messages: its game, shape and checksum.
func (n *Net) Describe() string {
	kind := ""
	if n.Residual {
		kind = " residual"
	}
	return fmt.Sprintf("%s%s net %dx%d->1, checksum %08x", n.Variant.Name(), kind, n.Inputs, n.Hidden, n.Checksum())
}
