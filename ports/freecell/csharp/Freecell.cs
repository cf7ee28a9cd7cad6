// FreeCell: the deal of a numbered game, card for card as Microsoft's FreeCell deals it.
// A C# port of the 1C program from the article "Игровой генератор псевдослучайных
// чисел на основе линейного конгруэнтного метода в 1С" (K. Tkachenko).
using System;
using System.Text;

static class Freecell
{
    // State of the generator ("семя" in the article).
    static long seed;

    // The linear congruential generator of the Microsoft C library ("ЛКГ" in the article).
    // seed is below 2^31, so 214013 * seed + 2531011 stays below 2^49: that fits a long
    // (64 bits) but would overflow an int (32 bits), hence long.  C# would wrap an int
    // silently (or throw, compiled with -checked); a long does not overflow at all.
    static int Lcg()
    {
        seed = (214013L * seed + 2531011L) % 2147483648L;
        return (int)(seed / 65536);
    }

    // Deals game number `game` into `dealt`, as card numbers: card c is rank c / 4 and
    // suit c % 4 of the ordered deck A♣ A♦ A♥ A♠ 2♣ ... K♠ (0 is A♣, 51 is K♠).
    // `deck` is where the cards left are kept (52 ints, filled here).
    static void DealCards(int game, int[] deck, int[] dealt)
    {
        for (int i = 0; i < 52; i++)
        {
            deck[i] = i;
        }
        // Pick a card among those left, then move the last card left into its place.
        seed = game;
        for (int i = 0; i < 52; i++)
        {
            int pick = Lcg() % (52 - i);
            dealt[i] = deck[pick];
            deck[pick] = deck[51 - i];
        }
    }

    // Deals game number `game` and prints it: 7 lines of 8 cards, the last line 4.
    static void Deal(int game)
    {
        const string ranks = "A23456789TJQK";
        const string suits = "♣♦♥♠";
        int[] dealt = new int[52];
        DealCards(game, new int[52], dealt);

        // 8 cards a line, one space between them; '\n' rather than WriteLine so that every
        // platform prints the same line ending.
        var text = new StringBuilder();
        for (int i = 0; i < 52; i++)
        {
            text.Append(ranks[dealt[i] / 4]).Append(suits[dealt[i] % 4]);
            text.Append((i + 1) % 8 == 0 || i == 51 ? '\n' : ' ');
        }
        Console.Write(text);
    }

    static void Main()
    {
        // UTF-8 for the suits, without a byte order mark.  Mono takes the console's encoding
        // from the locale (LANG): under LANG=C it would print '?' for every suit.
        Console.OutputEncoding = new UTF8Encoding(false);
        Deal(1);
        Deal(617);
        Deal(2);
        Deal(11982);
        Deal(32000);
        Deal(1000000);
        Deal(1073741824);
        Deal(2147483646);
        Deal(2147483647);
    }
}
