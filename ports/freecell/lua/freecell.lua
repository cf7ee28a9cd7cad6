-- FreeCell: the deal of a numbered game, card for card as Microsoft's FreeCell deals it.
-- A Lua port of the 1C program from the article "Игровой генератор псевдослучайных
-- чисел на основе линейного конгруэнтного метода в 1С" (K. Tkachenko).  Lua 5.3 or later.

-- State of the generator ("семя" in the article).
local seed

-- The linear congruential generator of the Microsoft C library ("ЛКГ" in the article).
-- Lua 5.3 and later compute whole numbers as 64-bit integers (and // is integer division):
-- seed is below 2^31, so 214013 * seed + 2531011 stays below 2^49, exact.
local function lcg()
  seed = (214013 * seed + 2531011) % 2147483648
  return seed // 65536
end

-- Deals game number `game` into the table `dealt`, as card numbers: card c is rank c // 4
-- and suit c % 4 of the ordered deck A♣ A♦ A♥ A♠ 2♣ ... K♠ (0 is A♣, 51 is K♠).  `deck`
-- is where the cards left are kept (filled here).  Lua tables count from 1: the article's
-- cards[0..51] are deck[1..52] here.
local function deal_cards(game, deck, dealt)
  for i = 1, 52 do
    deck[i] = i - 1
  end
  -- Pick a card among those left, then move the last card left into its place.
  seed = game
  for i = 1, 52 do
    local left = 53 - i  -- cards left: 52, 51, ..., 1
    local pick = lcg() % left + 1
    dealt[i] = deck[pick]
    deck[pick] = deck[left]
  end
end

local RANKS = "A23456789TJQK"
-- Each suit is a UTF-8 string of its own (3 bytes, so not one character of a Lua string).
local SUITS = {"♣", "♦", "♥", "♠"}

-- Deals game number `game` and prints it: 7 lines of 8 cards, the last line 4.
local function deal(game)
  local dealt = {}
  deal_cards(game, {}, dealt)
  -- 8 cards a line, one space between them.
  local cards = {}
  for i, card in ipairs(dealt) do
    local rank = card // 4 + 1
    cards[i] = RANKS:sub(rank, rank) .. SUITS[card % 4 + 1]
  end
  for first = 1, #cards, 8 do
    io.write(table.concat(cards, " ", first, math.min(first + 7, #cards)), "\n")
  end
end

deal(1)
deal(617)
deal(2)
deal(11982)
deal(32000)
deal(1000000)
deal(1073741824)
deal(2147483646)
deal(2147483647)
