-- java.util.Random, computed in Lua (5.3 or later).  The article "Тщательная перетасовка
-- колоды карт" (V. Statsenko, 2006) prints ten nextInt(100) of new Random(20) on one line,
-- "53; 36; 1; 61; 5; 95; 33; 55; 93; 88", the same on every run: the generator is a
-- formula, so the same seed gives the same numbers.

-- java.util.Random written out: a linear congruential generator on a 48-bit state,
--   state = (state * 0x5DEECE66D + 0xB) mod 2^48.
-- Lua 5.3 and later keep whole numbers as 64-bit integers whose arithmetic wraps around
-- modulo 2^64 (the manual says so, as Java does for long), and >> shifts in zeros.
local MULTIPLIER = 0x5DEECE66D
local ADDEND = 0xB
local MASK = (1 << 48) - 1

local JavaRandom = {}
JavaRandom.__index = JavaRandom

-- new Random(seed): only the low 48 bits of the seed count, scrambled by xor (~ in Lua).
-- A negative seed is its two's complement bits, as Java's long holds them.
function JavaRandom.new(seed)
  return setmetatable({state = (seed ~ MULTIPLIER) & MASK}, JavaRandom)
end

-- next(bits): one step of the generator; the state's top `bits` bits.  state * MULTIPLIER
-- needs 83 bits: the integer product wraps modulo 2^64, and the low 48 bits that the mask
-- keeps are exactly those of the true product.
function JavaRandom:next(bits)
  self.state = (self.state * MULTIPLIER + ADDEND) & MASK
  return self.state >> (48 - bits)
end

-- nextInt(bound): 0 to bound - 1, each equally likely.
function JavaRandom:next_int(bound)
  local r = self:next(31)
  local m = bound - 1
  if bound & m == 0 then
    -- A power of two: the top bits of r, (bound * r) / 2^31 (the product is below 2^61).
    return (bound * r) >> 31
  end
  -- r mod bound, drawn again while r falls in the last, incomplete block of bound values.
  -- Java tests u - r + m < 0, counting on its 32-bit int to wrap past 2^31 - 1; Lua's
  -- integers have 64 bits, so the sum is compared with 2^31 - 1.
  local u = r
  r = u % bound
  while u - r + m > 0x7FFFFFFF do
    u = self:next(31)
    r = u % bound
  end
  return r
end

-- count values of nextInt(bound) from new Random(seed), joined by "; " as in the article.
local function print_values(seed, bound, count)
  local random = JavaRandom.new(seed)
  local values = {}
  for i = 1, count do
    values[i] = random:next_int(bound)
  end
  io.write(table.concat(values, "; "), "\n")
end

print_values(20, 100, 10)
print_values(0, 100, 10)
print_values(281474976710656, 100, 10)
print_values(1160000000000, 36, 36)
print_values(-5, 6, 20)
print_values(7, 1, 5)
print_values(42, 2, 20)
print_values(42, 16, 20)
print_values(3, 1073741824, 10)
print_values(3, 1073741825, 20)
print_values(math.mininteger, 2147483647, 10)
print_values(9223372036854775807, 1000000, 10)
print_values(1, 715827883, 10)
print_values(-16777216, 100, 10)
print_values(-1, 100, 10)
print_values(-147924929294793, 100, 10)
print_values(-94831912104764, 16, 10)
