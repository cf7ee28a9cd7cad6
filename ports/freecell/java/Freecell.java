/*
 * FreeCell: the deal of a numbered game, card for card as Microsoft's FreeCell deals it.
 * A Java port of the 1C program from the article "Игровой генератор псевдослучайных
 * чисел на основе линейного конгруэнтного метода в 1С" (K. Tkachenko).
 */
public class Freecell {

    // State of the generator ("семя" in the article).
    private static long seed;

    // The linear congruential generator of the Microsoft C library ("ЛКГ" in the article).
    // seed is below 2^31, so 214013 * seed + 2531011 stays below 2^49: that fits a long
    // (64 bits) but would silently overflow an int (32 bits), hence long.
    static int lcg() {
        seed = (214013L * seed + 2531011L) % 2147483648L;
        return (int) (seed / 65536);
    }

    // Deals game number `game` into `dealt`, as card numbers: card c is rank c / 4 and
    // suit c % 4 of the ordered deck A♣ A♦ A♥ A♠ 2♣ ... K♠ (0 is A♣, 51 is K♠).
    // `deck` is where the cards left are kept (52 ints, filled here).
    static void dealCards(int game, int[] deck, int[] dealt) {
        for (int i = 0; i < 52; i++) {
            deck[i] = i;
        }
        // Pick a card among those left, then move the last card left into its place.
        seed = game;
        for (int i = 0; i < 52; i++) {
            int pick = lcg() % (52 - i);
            dealt[i] = deck[pick];
            deck[pick] = deck[51 - i];
        }
    }

    // Deals game number `game` and prints it: 7 lines of 8 cards, the last line 4.
    static void deal(int game) {
        String ranks = "A23456789TJQK";
        String suits = "♣♦♥♠";
        int[] dealt = new int[52];
        dealCards(game, new int[52], dealt);

        // 8 cards a line, one space between them; "\n" rather than println so that every
        // platform prints the same line ending.
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 52; i++) {
            text.append(ranks.charAt(dealt[i] / 4)).append(suits.charAt(dealt[i] % 4));
            text.append((i + 1) % 8 == 0 || i == 51 ? "\n" : " ");
        }
        System.out.print(text);
    }

    public static void main(String[] args) {
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
}
