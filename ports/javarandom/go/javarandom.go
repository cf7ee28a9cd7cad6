// java.util.Random, computed in Go. The article "Тщательная перетасовка колоды карт"
// (V. Statsenko, 2006) prints ten nextInt(100) of new Random(20) on one line,
// "53; 36; 1; 61; 5; 95; 33; 55; 93; 88", the same on every run: the generator is a
// formula, so the same seed gives the same numbers.
package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// java.util.Random written out: a linear congruential generator on a 48-bit state,
//
//	state = (state*0x5DEECE66D + 0xB) mod 2^48
const (
	multiplier = 0x5DEECE66D
	addend     = 0xB
	mask       = 1<<48 - 1
)

// JavaRandom is the generator's state.
type JavaRandom struct {
	state uint64
}

// newJavaRandom is new Random(seed): only the low 48 bits of the seed count, scrambled by
// xor. uint64(seed) is the seed's two's complement bits, as Java's long holds them.
func newJavaRandom(seed int64) *JavaRandom {
	return &JavaRandom{state: (uint64(seed) ^ multiplier) & mask}
}

// next is next(bits): one step of the generator; the state's top bits bits. state*multiplier
// needs 83 bits: Go's uint64 product wraps modulo 2^64 (the language defines it, as Java
// does for long), and the low 48 bits that the mask keeps are exactly those of the true
// product.
func (r *JavaRandom) next(bits uint) int32 {
	r.state = (r.state*multiplier + addend) & mask
	return int32(r.state >> (48 - bits))
}

// nextInt is nextInt(bound): 0 to bound-1, each equally likely.
func (r *JavaRandom) nextInt(bound int32) int32 {
	value := r.next(31)
	m := bound - 1
	if bound&m == 0 {
		// A power of two: the top bits of value, (bound*value) / 2^31, in 64 bits.
		return int32((int64(bound) * int64(value)) >> 31)
	}
	// value mod bound, drawn again while value falls in the last, incomplete block of bound
	// values. Java tests u-value+m < 0, counting on its int to wrap past 2^31-1; an int32
	// would wrap the same way in Go, but the sum is clearer taken in 64 bits and compared
	// with math.MaxInt32.
	u := value
	value = u % bound
	for int64(u)-int64(value)+int64(m) > math.MaxInt32 {
		u = r.next(31)
		value = u % bound
	}
	return value
}

// printValues prints count values of nextInt(bound) from new Random(seed), joined by "; "
// as in the article.
func printValues(seed int64, bound int32, count int) {
	random := newJavaRandom(seed)
	values := make([]string, count)
	for i := range values {
		values[i] = strconv.Itoa(int(random.nextInt(bound)))
	}
	fmt.Println(strings.Join(values, "; "))
}

func main() {
	printValues(20, 100, 10)
	printValues(0, 100, 10)
	printValues(281474976710656, 100, 10)
	printValues(1160000000000, 36, 36)
	printValues(-5, 6, 20)
	printValues(7, 1, 5)
	printValues(42, 2, 20)
	printValues(42, 16, 20)
	printValues(3, 1073741824, 10)
	printValues(3, 1073741825, 20)
	printValues(-9223372036854775808, 2147483647, 10)
	printValues(9223372036854775807, 1000000, 10)
	printValues(1, 715827883, 10)
	printValues(-16777216, 100, 10)
	printValues(-1, 100, 10)
	printValues(-147924929294793, 100, 10)
	printValues(-94831912104764, 16, 10)
}
