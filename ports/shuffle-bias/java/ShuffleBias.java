/*
 * How fair is "swap every card with a random one"?  The article's pass over n cards makes n
 * draws of nextInt(n): n^n equally likely sequences of draws.  This program goes through
 * every sequence, counts the order of the cards each one gives, and prints every order's
 * probability as an exact fraction, then the most and the least likely order.
 * Fisher-Yates (position i = n - 1 down to 1 swapped with nextInt(i + 1)) has n!
 * sequences, one for each order.
 * n^n is at most 7^7 = 823543, so an int holds every count exactly.
 */
public class ShuffleBias {

    static final String[] METHODS = {"naive", "fisher-yates"};

    static int n;
    static int method;      // 0: the article's pass, 1: Fisher-Yates
    static int steps;       // how many swaps the shuffle makes
    static int[] deck;      // deck[p]: the card (0 to n - 1) at position p, top first
    static int[] weight;    // weight[p] = n^(n - 1 - p)
    static int code;        // the deck as an n-digit number in base n, top card first
    static int[] ways;      // ways[code]: how many sequences of draws give that deck

    // Swaps the cards at positions p and r, keeping code up to date.
    static void swap(int p, int r) {
        int a = deck[p];
        int b = deck[r];
        deck[p] = b;
        deck[r] = a;
        code += (b - a) * (weight[p] - weight[r]);
    }

    // Every sequence of the draws from swap number `step` on.
    static void draw(int step) {
        if (step == steps) {
            ways[code]++;
            return;
        }
        int p = method == 0 ? step : n - 1 - step;   // the position swapped
        int last = method == 0 ? n - 1 : p;          // the draw gives 0 to last
        for (int r = 0; r <= last; r++) {
            swap(p, r);
            draw(step + 1);
            swap(p, r);                               // the same swap undoes it
        }
    }

    static int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    static String fraction(int numerator, int denominator) {
        int g = gcd(numerator, denominator);
        return numerator / g + "/" + denominator / g;
    }

    static String cards(int deckCode) {
        StringBuilder text = new StringBuilder();
        for (int p = 0; p < n; p++) {
            text.append(deckCode / weight[p] % n + 1);
        }
        return text.toString();
    }

    static int total;
    static int most;
    static int least;
    static boolean[] used;
    static StringBuilder out;

    // Every order of the cards in lexicographic order: the smallest top card first, and so on.
    static void listOrders(int place, int orderCode) {
        if (place == n) {
            out.append(cards(orderCode)).append(' ').append(fraction(ways[orderCode], total))
               .append('\n');
            if (most < 0 || ways[orderCode] > ways[most]) {
                most = orderCode;
            }
            if (least < 0 || ways[orderCode] < ways[least]) {
                least = orderCode;
            }
            return;
        }
        for (int card = 0; card < n; card++) {
            if (!used[card]) {
                used[card] = true;
                listOrders(place + 1, orderCode + card * weight[place]);
                used[card] = false;
            }
        }
    }

    static void odds(int cardCount, int methodCode) {
        n = cardCount;
        method = methodCode;
        steps = method == 0 ? n : n - 1;
        deck = new int[n];
        weight = new int[n];
        used = new boolean[n];
        weight[n - 1] = 1;
        for (int p = n - 2; p >= 0; p--) {
            weight[p] = weight[p + 1] * n;
        }
        code = 0;
        for (int p = 0; p < n; p++) {
            deck[p] = p;
            code += p * weight[p];
        }
        ways = new int[weight[0] * n];
        draw(0);
        total = 1;
        for (int step = 0; step < steps; step++) {
            total *= method == 0 ? n : n - step;
        }
        out = new StringBuilder();
        out.append(METHODS[method]).append(", n = ").append(n).append(": ").append(total)
           .append(" sequences of draws\n");
        most = -1;
        least = -1;
        listOrders(0, 0);
        out.append("most likely: ").append(cards(most)).append(' ')
           .append(fraction(ways[most], total)).append('\n');
        out.append("least likely: ").append(cards(least)).append(' ')
           .append(fraction(ways[least], total)).append('\n');
        out.append("ratio: ").append(fraction(ways[most], ways[least])).append('\n');
        System.out.print(out);
    }

    public static void main(String[] args) {
        odds(3, 0);  // naive
        odds(4, 0);  // naive
        odds(5, 0);  // naive
        odds(6, 0);  // naive
        odds(7, 0);  // naive
        odds(3, 1);  // fisher-yates
        odds(4, 1);  // fisher-yates
        odds(5, 1);  // fisher-yates
        odds(6, 1);  // fisher-yates
        odds(7, 1);  // fisher-yates
    }
}
