// java.util.Random, computed in JavaScript (Node.js).  The article "Тщательная перетасовка
// колоды карт" (V. Statsenko, 2006) prints ten nextInt(100) of new Random(20) on one line,
// "53; 36; 1; 61; 5; 95; 33; 55; 93; 88", the same on every run: the generator is a
// formula, so the same seed gives the same numbers.
"use strict";

// java.util.Random written out (its methods as functions, its state as a variable): a linear
// congruential generator on a 48-bit state,
//   state = (state * 0x5DEECE66D + 0xB) mod 2^48.
// The state is a BigInt: the product needs 83 bits, and a JavaScript number (a double) is
// exact only up to 2^53, while the bitwise operators on numbers cut them to 32 bits.  A
// BigInt is exact at any size, so `& MASK` keeps the true product's low 48 bits.
const MULTIPLIER = 0x5deece66dn;
const ADDEND = 0xbn;
const MASK = (1n << 48n) - 1n;
let state;

// new Random(seed) and setSeed(seed), seed a BigInt: only the low 48 bits of the seed count,
// scrambled by xor.  A negative BigInt acts in & and ^ as its two's complement bits, as
// Java's long holds them.
function setSeed(seed) {
  state = (seed ^ MULTIPLIER) & MASK;
}

// next(bits): one step of the generator; the state's top `bits` bits, as a number.
function next(bits) {
  state = (state * MULTIPLIER + ADDEND) & MASK;
  return Number(state >> BigInt(48 - bits));
}

// nextInt(bound): 0 to bound - 1, each equally likely.  From here on the numbers are below
// 2^32, exact as doubles.
function nextInt(bound) {
  let r = next(31);
  const m = bound - 1;
  if ((bound & m) === 0) {
    // A power of two: the top bits of r, (bound * r) / 2^31.  bound * r reaches 2^61, past
    // 2^53, but multiplying by a power of two only moves the binary point, so it is exact
    // (and so is the division).
    return Math.floor((bound * r) / 2 ** 31);
  }
  // r mod bound, drawn again while r falls in the last, incomplete block of bound values.
  // Java tests u - r + m < 0, counting on its int to wrap past 2^31 - 1; a number does not
  // wrap, so the sum is compared with 2^31 - 1.
  let u = r;
  r = u % bound;
  while (u - r + m > 2 ** 31 - 1) {
    u = next(31);
    r = u % bound;
  }
  return r;
}

// count values of nextInt(bound) from new Random(seed), joined by "; " as in the article.
// seed is a BigInt (written 20n): a Java long may be beyond 2^53.
function printValues(seed, bound, count) {
  setSeed(seed);
  const values = [];
  for (let i = 0; i < count; i++) {
    values.push(nextInt(bound));
  }
  process.stdout.write(values.join("; ") + "\n");
}

printValues(20n, 100, 10);
printValues(0n, 100, 10);
printValues(281474976710656n, 100, 10);
printValues(1160000000000n, 36, 36);
printValues(-5n, 6, 20);
printValues(7n, 1, 5);
printValues(42n, 2, 20);
printValues(42n, 16, 20);
printValues(3n, 1073741824, 10);
printValues(3n, 1073741825, 20);
printValues(-9223372036854775808n, 2147483647, 10);
printValues(9223372036854775807n, 1000000, 10);
printValues(1n, 715827883, 10);
printValues(-16777216n, 100, 10);
printValues(-1n, 100, 10);
printValues(-147924929294793n, 100, 10);
printValues(-94831912104764n, 16, 10);
