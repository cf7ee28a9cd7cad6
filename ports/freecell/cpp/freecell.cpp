// FreeCell: the deal of a numbered game, card for card as Microsoft's FreeCell deals it.
// A C++ port of the 1C program from the article "Игровой генератор псевдослучайных
// чисел на основе линейного конгруэнтного метода в 1С" (K. Tkachenko).
#include <array>
#include <cstdint>
#include <iostream>
#include <string>

// Card numbers: card c is rank c / 4 and suit c % 4 of the ordered deck
// A♣ A♦ A♥ A♠ 2♣ ... K♠ (0 is A♣, 51 is K♠).
using Cards = std::array<int, 52>;

// State of the generator ("семя" in the article).
static std::uint64_t seed;

// The linear congruential generator of the Microsoft C library ("ЛКГ" in the article).
// seed is below 2^31, so 214013 * seed + 2531011 stays below 2^49: a std::uint64_t holds it
// exactly.  In a 32-bit int it would overflow, and signed overflow is undefined behaviour in
// C++; unsigned types never overflow (they wrap), and here they do not even wrap.
static int lcg()
{
    seed = (214013 * seed + 2531011) % 2147483648;
    return static_cast<int>(seed / 65536);
}

// Deals game number `game` into `dealt`; `deck` is where the cards left are kept (filled
// here).
static void deal_cards(std::int32_t game, Cards& deck, Cards& dealt)
{
    for (int i = 0; i < 52; i++) {
        deck[i] = i;
    }
    // Pick a card among those left, then move the last card left into its place.
    seed = static_cast<std::uint64_t>(game);
    for (int i = 0; i < 52; i++) {
        int pick = lcg() % (52 - i);
        dealt[i] = deck[pick];
        deck[pick] = deck[51 - i];
    }
}

static const std::string RANKS = "A23456789TJQK";
// Each suit is a UTF-8 string of its own (3 bytes, so not one char).
static const std::array<std::string, 4> SUITS = {"♣", "♦", "♥", "♠"};

// Deals game number `game` and prints it: 7 lines of 8 cards, the last line 4.
static void deal(std::int32_t game)
{
    Cards deck, dealt;
    deal_cards(game, deck, dealt);
    // 8 cards a line, one space between them; '\n' rather than std::endl, which would
    // flush after every line.
    std::string text;
    for (int i = 0; i < 52; i++) {
        text += RANKS[dealt[i] / 4] + SUITS[dealt[i] % 4];
        text += (i + 1) % 8 == 0 || i == 51 ? '\n' : ' ';
    }
    std::cout << text;
}

int main()
{
    deal(1);
    deal(617);
    deal(2);
    deal(11982);
    deal(32000);
    deal(1000000);
    deal(1073741824);
    deal(2147483646);
    deal(2147483647);
}
