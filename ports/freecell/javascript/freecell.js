// FreeCell: the deal of a numbered game, card for card as Microsoft's FreeCell deals it.
// A JavaScript (Node.js) port of the 1C program from the article "Игровой генератор
// псевдослучайных чисел на основе линейного конгруэнтного метода в 1С" (K. Tkachenko).
"use strict";

// State of the generator ("семя" in the article).
let seed;

// The linear congruential generator of the Microsoft C library ("ЛКГ" in the article).
// JavaScript numbers are doubles, exact for whole numbers up to 2^53. seed is below 2^31,
// so 214013 * seed + 2531011 stays below 2^49: exact, and % and / below work on it exactly.
// (The bitwise operators would not do: they cut their operands to 32 bits.)
function lcg() {
  seed = (214013 * seed + 2531011) % 2147483648;
  return Math.floor(seed / 65536);
}

// Deals game number `game` into `dealt`, as card numbers: card c is rank c / 4 and
// suit c % 4 of the ordered deck A♣ A♦ A♥ A♠ 2♣ ... K♠ (0 is A♣, 51 is K♠).
// `deck` is where the cards left are kept (filled here).
function dealCards(game, deck, dealt) {
  for (let i = 0; i < 52; i++) {
    deck[i] = i;
  }
  // Pick a card among those left, then move the last card left into its place.
  seed = game;
  for (let i = 0; i < 52; i++) {
    const pick = lcg() % (52 - i);
    dealt[i] = deck[pick];
    deck[pick] = deck[51 - i];
  }
}

const RANKS = "A23456789TJQK";
const SUITS = "♣♦♥♠";

// Deals game number `game` and prints it: 7 lines of 8 cards, the last line 4.
function deal(game) {
  const dealt = [];
  dealCards(game, [], dealt);
  // 8 cards a line, one space between them.
  let text = "";
  for (let i = 0; i < 52; i++) {
    text += RANKS[Math.floor(dealt[i] / 4)] + SUITS[dealt[i] % 4];
    text += (i + 1) % 8 === 0 || i === 51 ? "\n" : " ";
  }
  process.stdout.write(text);
}

deal(1);
deal(617);
deal(2);
deal(11982);
deal(32000);
deal(1000000);
deal(1073741824);
deal(2147483646);
deal(2147483647);
