//go:build !(goexperiment.simd && amd64)

package nnue

// Without GOEXPERIMENT=simd (or off amd64) the loops are plain Go.

const vec = vecNone

const simdBuild = false

// bestVec is the best path this build can take on this CPU.
func bestVec() int { return vecNone }

// setVec chooses the path (tests): there is only one here.
func setVec(int) {}

func dot32(acc, w []int16) int32          { return dot32Generic(acc, w) }
func dot64(acc, w []int16) int64          { return dot64Generic(acc, w) }
func addSub1(dst, src, a, r []int16)      { addSub1Generic(dst, src, a, r) }
func addSub2(dst, src, a, r1, r2 []int16) { addSub2Generic(dst, src, a, r1, r2) }
func addRows(dst, src, ft []int16, added, removed []int) {
	addRowsGeneric(dst, src, ft, added, removed)
}
