# frozen_string_literal: true

# java.util.Random, computed in Ruby.  The article "Тщательная перетасовка колоды карт"
# (V. Statsenko, 2006) prints ten nextInt(100) of new Random(20) on one line,
# "53; 36; 1; 61; 5; 95; 33; 55; 93; 88", the same on every run: the generator is a
# formula, so the same seed gives the same numbers.

# java.util.Random, number for number: a linear congruential generator on a 48-bit state,
# state = (state * 0x5DEECE66D + 0xB) mod 2**48.  Ruby integers never overflow, so the
# 83-bit product is exact and `& MASK` keeps its low 48 bits.
class JavaRandom
  MULTIPLIER = 0x5DEECE66D
  ADDEND = 0xB
  MASK = (1 << 48) - 1

  # new Random(seed): only the low 48 bits of the seed count, scrambled by xor.  A negative
  # seed works too: `& MASK` takes its two's complement bits, as Java's long holds them.
  def initialize(seed)
    @state = (seed ^ MULTIPLIER) & MASK
  end

  # nextInt(bound): 0 to bound - 1, every one equally likely.
  def next_int(bound)
    r = next_bits(31)
    return (bound * r) >> 31 if (bound & (bound - 1)).zero? # a power of two: r's top bits

    # r mod bound, drawn again while r falls in the last, incomplete block of bound values
    # (Java sees u - r + bound - 1 pass 2**31 - 1 and its int turn negative).
    u = r
    r = u % bound
    while u - r + bound - 1 > 2**31 - 1
      u = next_bits(31)
      r = u % bound
    end
    r
  end

  private

  # next(bits): one step of the generator; the state's top `bits` bits.
  def next_bits(bits)
    @state = (@state * MULTIPLIER + ADDEND) & MASK
    @state >> (48 - bits)
  end
end

# count values of nextInt(bound) from new Random(seed), joined by "; " as in the article.
def print_values(seed, bound, count)
  random = JavaRandom.new(seed)
  puts Array.new(count) { random.next_int(bound) }.join('; ')
end

print_values(20, 100, 10)
print_values(0, 100, 10)
print_values(281_474_976_710_656, 100, 10)
print_values(1_160_000_000_000, 36, 36)
print_values(-5, 6, 20)
print_values(7, 1, 5)
print_values(42, 2, 20)
print_values(42, 16, 20)
print_values(3, 1_073_741_824, 10)
print_values(3, 1_073_741_825, 20)
print_values(-9_223_372_036_854_775_808, 2_147_483_647, 10)
print_values(9_223_372_036_854_775_807, 1_000_000, 10)
print_values(1, 715_827_883, 10)
print_values(-16_777_216, 100, 10)
print_values(-1, 100, 10)
print_values(-147_924_929_294_793, 100, 10)
print_values(-94_831_912_104_764, 16, 10)
