/*
 * The rail shuffle of the article "Игра «морской бой»: расстановка кораблей": how often do
 * ceil(N/2) swaps leave no number in its place?
 *
 * The article swaps ceil(N/2) times the numbers at a = rand() % N and
 * b = (a + 1 + rand() % (N - 1)) % N. Here every sequence of the values of rand() % N and
 * rand() % (N - 1) is tried, depth first, like an odometer, and the sequences that move
 * every number are counted.
 */
public class RailShuffle {

    static int n, swaps;
    static int[] rail;
    static int inPlace; // how many numbers are still in their place

    static void swap(int a, int b) {
        inPlace -= (rail[a] == a ? 1 : 0) + (rail[b] == b ? 1 : 0);
        int kept = rail[a];
        rail[a] = rail[b];
        rail[b] = kept;
        inPlace += (rail[a] == a ? 1 : 0) + (rail[b] == b ? 1 : 0);
    }

    // Derangements among the sequences that go on after `step` swaps.
    static long after(int step) {
        if (step == swaps) {
            return inPlace == 0 ? 1 : 0;
        }
        // Each swap moves at most two numbers: go on only while the swaps left can still
        // move every number left in place.
        if (inPlace > 2 * (swaps - step)) {
            return 0;
        }
        long found = 0;
        for (int first = 0; first < n; first++) {           // rand() % N
            for (int second = 0; second < n - 1; second++) { // rand() % (N - 1)
                int a = first;
                int b = (a + 1 + second) % n;
                swap(a, b);
                found += after(step + 1);
                swap(a, b); // undo
            }
        }
        return found;
    }

    static long gcd(long x, long y) {
        return y == 0 ? x : gcd(y, x % y);
    }

    static void report(int size) {
        n = size;
        swaps = (n + 1) / 2;
        rail = new int[n];
        for (int i = 0; i < n; i++) {
            rail[i] = i;
        }
        inPlace = n;
        long total = 1; // (n(n-1))^swaps: below 2^63 for every n up to 15
        for (int step = 0; step < swaps; step++) {
            total *= (long) n * (n - 1);
        }
        // Renaming the numbers turns any first swap into any other and keeps the count of
        // sequences that go on to move every number: so only the first swap a = 0, b = 1 is
        // tried, and it stands for all N(N-1) first swaps.
        swap(0, 1);
        long good = (long) n * (n - 1) * after(1);
        long common = gcd(good, total);
        System.out.print("n = " + n + ", " + swaps + (swaps > 1 ? " swaps" : " swap") + ": "
                + good + " of " + total + " value sequences leave no number in place: "
                + "probability " + good / common + "/" + total / common + "\n");
    }

    public static void main(String[] args) {
        report(2);
        report(3);
        report(4);
        report(5);
        report(6);
        report(7);
        report(8);
        report(10);
    }
}
