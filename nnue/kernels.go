package nnue

// The accumulator loops in plain Go. Every build has them: they are the
// path of a build without GOEXPERIMENT=simd or of a CPU without AVX2, the
// tail of a layer whose width is not a multiple of the vector's, and the
// reference the vector path (kernels_simd.go) is tested against. All
// int16 sums wrap as the vector adds do, so both paths agree bit for bit
// whatever the order.

// The vector paths, by the instructions they need.
const (
	vecNone   = iota // plain Go
	vecAVX2          // 16 int16 lanes
	vecAVX512        // 32 int16 lanes
)

var vecNames = [...]string{vecNone: "plain Go", vecAVX2: "AVX2", vecAVX512: "AVX-512"}

// dot32Generic is the sum of clamp(acc, 0, QA) * w.
func dot32Generic(acc, w []int16) int32 {
	w = w[:len(acc)]
	var s int32
	for i, a := range acc {
		s += int32(min(max(a, 0), QA)) * int32(w[i])
	}
	return s
}

func dot64Generic(acc, w []int16) int64 {
	w = w[:len(acc)]
	var s int64
	for i, a := range acc {
		s += int64(min(max(a, 0), QA)) * int64(w[i])
	}
	return s
}

// The add loops go 4 neurons a step: 10-15 % faster than one at a
// time (BenchmarkKernels/apply, plain Go); the dot products gain nothing
// from it.

// addSub1Generic sets dst to src + a - r: a move without a capture.
func addSub1Generic(dst, src, a, r []int16) {
	src, a, r = src[:len(dst)], a[:len(dst)], r[:len(dst)]
	i := 0
	for ; i+4 <= len(dst); i += 4 {
		d, s, x, y := dst[i:i+4:i+4], src[i:i+4:i+4], a[i:i+4:i+4], r[i:i+4:i+4]
		d[0] = s[0] + x[0] - y[0]
		d[1] = s[1] + x[1] - y[1]
		d[2] = s[2] + x[2] - y[2]
		d[3] = s[3] + x[3] - y[3]
	}
	for ; i < len(dst); i++ {
		dst[i] = src[i] + a[i] - r[i]
	}
}

// addSub2Generic sets dst to src + a - r1 - r2: a capture.
func addSub2Generic(dst, src, a, r1, r2 []int16) {
	src, a, r1, r2 = src[:len(dst)], a[:len(dst)], r1[:len(dst)], r2[:len(dst)]
	i := 0
	for ; i+4 <= len(dst); i += 4 {
		d, s, x, y, z := dst[i:i+4:i+4], src[i:i+4:i+4], a[i:i+4:i+4], r1[i:i+4:i+4], r2[i:i+4:i+4]
		d[0] = s[0] + x[0] - y[0] - z[0]
		d[1] = s[1] + x[1] - y[1] - z[1]
		d[2] = s[2] + x[2] - y[2] - z[2]
		d[3] = s[3] + x[3] - y[3] - z[3]
	}
	for ; i < len(dst); i++ {
		dst[i] = src[i] + a[i] - r1[i] - r2[i]
	}
}

// addRowsGeneric sets dst to src plus the rows of ft (len(dst) wide) that
// added names, minus those removed names: any move, and a refresh from
// the biases. One pass a row.
func addRowsGeneric(dst, src, ft []int16, added, removed []int) {
	h := len(dst)
	copy(dst, src[:h])
	for _, f := range added {
		addRow(dst, ft[f*h:f*h+h])
	}
	for _, f := range removed {
		subRow(dst, ft[f*h:f*h+h])
	}
}

// addRow adds w to dst.
func addRow(dst, w []int16) {
	w = w[:len(dst)]
	i := 0
	for ; i+4 <= len(dst); i += 4 {
		d, x := dst[i:i+4:i+4], w[i:i+4:i+4]
		d[0] += x[0]
		d[1] += x[1]
		d[2] += x[2]
		d[3] += x[3]
	}
	for ; i < len(dst); i++ {
		dst[i] += w[i]
	}
}

// subRow subtracts w from dst.
func subRow(dst, w []int16) {
	w = w[:len(dst)]
	i := 0
	for ; i+4 <= len(dst); i += 4 {
		d, x := dst[i:i+4:i+4], w[i:i+4:i+4]
		d[0] -= x[0]
		d[1] -= x[1]
		d[2] -= x[2]
		d[3] -= x[3]
	}
	for ; i < len(dst); i++ {
		dst[i] -= w[i]
	}
}
