//! java.util.Random, computed in Rust. The article "Тщательная перетасовка колоды карт"
//! (V. Statsenko, 2006) prints ten nextInt(100) of new Random(20) on one line,
//! "53; 36; 1; 61; 5; 95; 33; 55; 93; 88", the same on every run: the generator is a
//! formula, so the same seed gives the same numbers.

/// java.util.Random written out: a linear congruential generator on a 48-bit state,
/// `state = (state * 0x5DEECE66D + 0xB) mod 2^48`.
struct JavaRandom {
    state: u64,
}

impl JavaRandom {
    const MULTIPLIER: u64 = 0x5_DEEC_E66D;
    const ADDEND: u64 = 0xB;
    const MASK: u64 = (1 << 48) - 1;

    /// `new Random(seed)`: only the low 48 bits of the seed count, scrambled by xor.
    /// `seed as u64` is the seed's two's complement bits, as Java's long holds them.
    fn new(seed: i64) -> Self {
        JavaRandom {
            state: (seed as u64 ^ Self::MULTIPLIER) & Self::MASK,
        }
    }

    /// `next(bits)`: one step of the generator; the state's top `bits` bits. The product
    /// needs 83 bits: `wrapping_mul` keeps it modulo 2^64, as Java's long does (a plain `*`
    /// would panic on the overflow in a debug build), and the low 48 bits that the mask
    /// keeps are exactly those of the true product.
    fn next(&mut self, bits: u32) -> i32 {
        let product = self.state.wrapping_mul(Self::MULTIPLIER);
        self.state = product.wrapping_add(Self::ADDEND) & Self::MASK;
        (self.state >> (48 - bits)) as i32
    }

    /// `nextInt(bound)`: 0 to bound - 1, each equally likely.
    fn next_int(&mut self, bound: i32) -> i32 {
        let mut r = self.next(31);
        let m = bound - 1;
        if bound & m == 0 {
            // A power of two: the top bits of r, (bound * r) / 2^31, in 64 bits.
            return ((i64::from(bound) * i64::from(r)) >> 31) as i32;
        }
        // r mod bound, drawn again while r falls in the last, incomplete block of bound
        // values. Java tests u - r + m < 0, counting on its int to wrap past 2^31 - 1 (in
        // Rust that would panic in a debug build), so the sum is taken in 64 bits and
        // compared with i32::MAX.
        let mut u = r;
        r = u % bound;
        while i64::from(u) - i64::from(r) + i64::from(m) > i64::from(i32::MAX) {
            u = self.next(31);
            r = u % bound;
        }
        r
    }
}

/// `count` values of `nextInt(bound)` from `new Random(seed)`, joined by "; " as in the
/// article.
fn print_values(seed: i64, bound: i32, count: usize) {
    let mut random = JavaRandom::new(seed);
    let values: Vec<String> = (0..count)
        .map(|_| random.next_int(bound).to_string())
        .collect();
    println!("{}", values.join("; "));
}

fn main() {
    print_values(20, 100, 10);
    print_values(0, 100, 10);
    print_values(281474976710656, 100, 10);
    print_values(1160000000000, 36, 36);
    print_values(-5, 6, 20);
    print_values(7, 1, 5);
    print_values(42, 2, 20);
    print_values(42, 16, 20);
    print_values(3, 1073741824, 10);
    print_values(3, 1073741825, 20);
    print_values(-9223372036854775808, 2147483647, 10);
    print_values(9223372036854775807, 1000000, 10);
    print_values(1, 715827883, 10);
    print_values(-16777216, 100, 10);
    print_values(-1, 100, 10);
    print_values(-147924929294793, 100, 10);
    print_values(-94831912104764, 16, 10);
}
