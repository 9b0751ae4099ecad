//go:build goexperiment.simd && amd64

package nnue

import "simd/archsimd"

// The accumulator loops on 256-bit (AVX2) or 512-bit (AVX-512) vectors,
// chosen once by what the CPU has; a layer's last len%16 neurons go
// through the plain loops (kernels.go), and so does everything on a CPU
// without AVX2. Built only with GOEXPERIMENT=simd (Go 1.26's
// simd/archsimd is experimental).

const simdBuild = true

// vec is the path the loops take: the best the CPU has, or one a test
// chose.
var vec = bestVec()

func bestVec() int {
	switch {
	case archsimd.X86.AVX512():
		return vecAVX512
	case archsimd.X86.AVX2():
		return vecAVX2
	}
	return vecNone
}

// setVec chooses the path (tests compare each with plain Go); never one
// the CPU lacks.
func setVec(v int) { vec = min(v, bestVec()) }

// Each vector call ends with VZEROUPPER: the rest of the program is
// SSE code (GOAMD64=v1), which on Intel cores runs slower after AVX code
// that leaves the upper halves of the registers dirty.

func dot32(acc, w []int16) int32 {
	var s int32
	switch vec {
	case vecAVX512:
		s = dot32AVX512(acc, w)
	case vecAVX2:
		s = dot32AVX2(acc, w)
	default:
		return dot32Generic(acc, w)
	}
	archsimd.ClearAVXUpperBits()
	return s
}

func dot64(acc, w []int16) int64 {
	if vec == vecNone {
		return dot64Generic(acc, w)
	}
	// Blocks of 256 neurons sum in int32 lanes (dot32's bound), the
	// blocks in int64.
	var s int64
	for len(acc) > 0 {
		k := min(len(acc), 256)
		s += int64(dot32(acc[:k], w[:k]))
		acc, w = acc[k:], w[k:]
	}
	return s
}

func addSub1(dst, src, a, r []int16) {
	switch vec {
	case vecAVX512:
		addSub1AVX512(dst, src, a, r)
	case vecAVX2:
		addSub1AVX2(dst, src, a, r)
	default:
		addSub1Generic(dst, src, a, r)
		return
	}
	archsimd.ClearAVXUpperBits()
}

func addSub2(dst, src, a, r1, r2 []int16) {
	switch vec {
	case vecAVX512:
		addSub2AVX512(dst, src, a, r1, r2)
	case vecAVX2:
		addSub2AVX2(dst, src, a, r1, r2)
	default:
		addSub2Generic(dst, src, a, r1, r2)
		return
	}
	archsimd.ClearAVXUpperBits()
}

func addRows(dst, src, ft []int16, added, removed []int) {
	switch vec {
	case vecAVX512:
		addRowsAVX512(dst, src, ft, added, removed)
	case vecAVX2:
		addRowsAVX2(dst, src, ft, added, removed)
	default:
		addRowsGeneric(dst, src, ft, added, removed)
		return
	}
	archsimd.ClearAVXUpperBits()
}

// sum32x8 adds a vector's lanes.
func sum32x8(s archsimd.Int32x8) int32 {
	q := s.GetLo().Add(s.GetHi())
	q = q.AddPairs(q)
	return q.GetElem(0) + q.GetElem(1)
}

// The AVX2 loops: 16 neurons a step. The loops count i to the end of
// the step and slice [i-16:i] to *[16]int16, a form whose bounds checks
// the compiler mostly proves away.

func load16(s []int16, i int) archsimd.Int16x16 {
	return archsimd.LoadInt16x16((*[16]int16)(s[i-16 : i]))
}

func store16(v archsimd.Int16x16, s []int16, i int) { v.Store((*[16]int16)(s[i-16 : i])) }

func dot32AVX2(acc, w []int16) int32 {
	w = w[:len(acc)]
	zero, qa := archsimd.BroadcastInt16x16(0), archsimd.BroadcastInt16x16(QA)
	var s archsimd.Int32x8
	i := 16
	for ; i <= len(acc); i += 16 {
		a := load16(acc, i).Max(zero).Min(qa)
		// VPMADDWD: each pair's sum is at most 2*255*32768, no overflow.
		s = s.Add(a.DotProductPairs(load16(w, i)))
	}
	n := i - 16
	return sum32x8(s) + dot32Generic(acc[n:], w[n:])
}

func addSub1AVX2(dst, src, a, r []int16) {
	src, a, r = src[:len(dst)], a[:len(dst)], r[:len(dst)]
	i := 16
	for ; i <= len(dst); i += 16 {
		store16(load16(src, i).Add(load16(a, i)).Sub(load16(r, i)), dst, i)
	}
	n := i - 16
	addSub1Generic(dst[n:], src[n:], a[n:], r[n:])
}

func addSub2AVX2(dst, src, a, r1, r2 []int16) {
	src, a, r1, r2 = src[:len(dst)], a[:len(dst)], r1[:len(dst)], r2[:len(dst)]
	i := 16
	for ; i <= len(dst); i += 16 {
		store16(load16(src, i).Add(load16(a, i)).Sub(load16(r1, i)).Sub(load16(r2, i)), dst, i)
	}
	n := i - 16
	addSub2Generic(dst[n:], src[n:], a[n:], r1[n:], r2[n:])
}

// addRowsAVX2 keeps each 16 neurons in a register through all the rows:
// one pass over dst instead of one per row.
func addRowsAVX2(dst, src, ft []int16, added, removed []int) {
	addRowsFrom(dst, src, ft, added, removed, 0)
}

// addRowsFrom is addRowsAVX2 for neurons n and up: 16 at a time, then
// one at a time.
func addRowsFrom(dst, src, ft []int16, added, removed []int, n int) {
	h := len(dst)
	src = src[:h]
	i := n + 16
	for ; i <= h; i += 16 {
		v := load16(src, i)
		for _, f := range added {
			v = v.Add(load16(ft, f*h+i))
		}
		for _, f := range removed {
			v = v.Sub(load16(ft, f*h+i))
		}
		store16(v, dst, i)
	}
	addRowsTail(dst, src, ft, added, removed, i-16)
}

// addRowsTail is addRowsGeneric for neurons n and up.
func addRowsTail(dst, src, ft []int16, added, removed []int, n int) {
	h := len(dst)
	for i := n; i < h; i++ {
		v := src[i]
		for _, f := range added {
			v += ft[f*h+i]
		}
		for _, f := range removed {
			v -= ft[f*h+i]
		}
		dst[i] = v
	}
}

// The AVX-512 loops: 32 neurons a step, then the AVX2 loops for the rest
// (16 more where the width is an odd multiple of 16).

func load32(s []int16, i int) archsimd.Int16x32 {
	return archsimd.LoadInt16x32((*[32]int16)(s[i-32 : i]))
}

func store32(v archsimd.Int16x32, s []int16, i int) { v.Store((*[32]int16)(s[i-32 : i])) }

func dot32AVX512(acc, w []int16) int32 {
	w = w[:len(acc)]
	zero, qa := archsimd.BroadcastInt16x32(0), archsimd.BroadcastInt16x32(QA)
	var s archsimd.Int32x16
	i := 32
	for ; i <= len(acc); i += 32 {
		a := load32(acc, i).Max(zero).Min(qa)
		s = s.Add(a.DotProductPairs(load32(w, i)))
	}
	n := i - 32
	return sum32x8(s.GetLo().Add(s.GetHi())) + dot32AVX2(acc[n:], w[n:])
}

func addSub1AVX512(dst, src, a, r []int16) {
	src, a, r = src[:len(dst)], a[:len(dst)], r[:len(dst)]
	i := 32
	for ; i <= len(dst); i += 32 {
		store32(load32(src, i).Add(load32(a, i)).Sub(load32(r, i)), dst, i)
	}
	n := i - 32
	addSub1AVX2(dst[n:], src[n:], a[n:], r[n:])
}

func addSub2AVX512(dst, src, a, r1, r2 []int16) {
	src, a, r1, r2 = src[:len(dst)], a[:len(dst)], r1[:len(dst)], r2[:len(dst)]
	i := 32
	for ; i <= len(dst); i += 32 {
		store32(load32(src, i).Add(load32(a, i)).Sub(load32(r1, i)).Sub(load32(r2, i)), dst, i)
	}
	n := i - 32
	addSub2AVX2(dst[n:], src[n:], a[n:], r1[n:], r2[n:])
}

func addRowsAVX512(dst, src, ft []int16, added, removed []int) {
	h := len(dst)
	src = src[:h]
	i := 32
	for ; i <= h; i += 32 {
		v := load32(src, i)
		for _, f := range added {
			v = v.Add(load32(ft, f*h+i))
		}
		for _, f := range removed {
			v = v.Sub(load32(ft, f*h+i))
		}
		store32(v, dst, i)
	}
	addRowsFrom(dst, src, ft, added, removed, i-32) // the rest
}
