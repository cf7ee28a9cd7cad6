/*
 * Battleship: placing a fleet of ships of any shape, as the article
 * "Игра «морской бой»: расстановка кораблей" builds it.
 *
 * Each ship's position is a key (row, column, rotation). A ship's keys come from a generator
 * of three "rails", like an odometer: row, then column, then rotation turning fastest. The
 * search places ship after ship; when a ship's keys run out it "signals up": the previous
 * ship takes its next key. The numbers on every rail are shuffled (Microsoft C rand()), so
 * each seed gives another placement; seed 0 leaves the rails unshuffled.
 */
public class Battleship {

    // A fleet: the field ('.' free, '#' forbidden), one symbol per ship, each ship's shape
    // (rows separated by '/'; a ship turns about its anchor, its first cell in reading
    // order), and whether to search to the end and count every valid placement.
    record Fleet(String name, String[] field, String symbols, String[] shapes,
                 boolean exhaustive) {}

    static final Fleet[] FLEETS = {
        new Fleet("classic",
            new String[] {
                "..........",
                "..........",
                "..........",
                "..........",
                "..........",
                "..........",
                "..........",
                "..........",
                "..........",
                "..........",
            },
            "0123456789",
            new String[] {
                "####",
                "###",
                "###",
                "##",
                "##",
                "##",
                "#",
                "#",
                "#",
                "#",
            },
            false),
        new Fleet("letters",
            new String[] {
                ".#.............",
                "...#...#...#...",
                "...#...#...#...",
                "...............",
                ".............#.",
            },
            "RAHB",
            new String[] {
                "##./#.#/##./#.#/#.#",
                ".#./#.#/###/#.#/#.#",
                "#.#/#.#/###/#.#/#.#",
                "##./#.#/##./#.#/##.",
            },
            false),
        new Fleet("pair",
            new String[] {
                "....",
                "....",
                "....",
            },
            "12",
            new String[] {
                "###",
                "##",
            },
            true),
        new Fleet("corner",
            new String[] {
                "....",
                ".#..",
                "....",
                "....",
            },
            "L23",
            new String[] {
                "#./##",
                "##",
                "#",
            },
            true),
        new Fleet("impossible",
            new String[] {
                "...",
                ".#.",
                "...",
            },
            "123",
            new String[] {
                "###",
                "###",
                "##",
            },
            true),
    };

    static final int TURNS = 4; // quarter turns clockwise about the anchor
    static final int ROW = 0, COL = 1, TURN = 2; // the three rails, most significant first

    // The rand() of the Microsoft C library. The state stays below 2^31, so
    // 214013 * state + 2531011 (below 2^49) needs a long.
    static long randState;

    static int rand() {
        randState = (214013L * randState + 2531011L) % 2147483648L;
        return (int) (randState / 65536);
    }

    // The article's shuffle: ceil(N/2) swaps of two different numbers.
    static void shuffle(int[] rail) {
        int n = rail.length;
        if (n < 2) {
            return;
        }
        for (int swap = 0; swap < (n + 1) / 2; swap++) {
            int a = rand() % n;
            int b = (a + 1 + rand() % (n - 1)) % n;
            int kept = rail[a];
            rail[a] = rail[b];
            rail[b] = kept;
        }
    }

    final Fleet fleet;
    final int rows, cols, ships;
    final boolean touching;
    final int[][] taken;      // the number of the ship on each cell, or -1
    final int[][] dRow, dCol; // each ship's cells, as offsets from its anchor
    final int[][][] rails;    // rails[ship][ROW | COL | TURN]: the numbers on the rail
    final int[][] position;   // position[ship][rail]: where each rail of the odometer stands
    final int[][] key;        // key[ship]: {row, column, turn} of its current key

    Battleship(Fleet fleet, int seed, String touching) {
        this.fleet = fleet;
        this.rows = fleet.field().length;
        this.cols = fleet.field()[0].length();
        this.ships = fleet.shapes().length;
        this.touching = touching.equals("allowed");
        taken = new int[rows][cols];
        for (int[] line : taken) {
            java.util.Arrays.fill(line, -1);
        }
        dRow = new int[ships][];
        dCol = new int[ships][];
        rails = new int[ships][][];
        position = new int[ships][];
        key = new int[ships][3];
        randState = seed;
        for (int s = 0; s < ships; s++) {
            readShape(s, fleet.shapes()[s]);
            rails[s] = new int[][] {numbers(rows), numbers(cols), numbers(TURNS)};
            if (seed != 0) { // ship by ship: its row, column and rotation rails
                for (int[] rail : rails[s]) {
                    shuffle(rail);
                }
            }
            position[s] = new int[] {0, 0, -1}; // before the first key
        }
    }

    static int[] numbers(int n) {
        int[] rail = new int[n];
        for (int i = 0; i < n; i++) {
            rail[i] = i;
        }
        return rail;
    }

    // A ship's cells as offsets from its anchor, the first '#' in reading order.
    void readShape(int s, String picture) {
        int size = picture.replace(".", "").replace("/", "").length();
        dRow[s] = new int[size];
        dCol[s] = new int[size];
        int row = 0, col = 0, cell = 0;
        for (char mark : picture.toCharArray()) {
            if (mark == '/') {
                row++;
                col = 0;
                continue;
            }
            if (mark == '#') {
                dRow[s][cell] = row;
                dCol[s][cell] = col;
                cell++;
            }
            col++;
        }
        int anchorRow = dRow[s][0], anchorCol = dCol[s][0];
        for (int i = 0; i < size; i++) {
            dRow[s][i] -= anchorRow;
            dCol[s][i] -= anchorCol;
        }
    }

    // The odometer: move the lowest rail; a rail that runs out goes back to its start and
    // moves the one above it. False when the keys have run out.
    boolean nextKey(int s) {
        for (int rail = TURN; rail >= ROW; rail--) {
            position[s][rail]++;
            if (position[s][rail] < rails[s][rail].length) {
                for (int r = ROW; r <= TURN; r++) {
                    key[s][r] = rails[s][r][position[s][r]];
                }
                return true;
            }
            position[s][rail] = 0;
        }
        return false;
    }

    // Cell i of ship s at its key, turned about the anchor.
    int cellRow(int s, int i) {
        int[] k = key[s];
        return k[ROW] + switch (k[TURN]) {
            case 0 -> dRow[s][i];
            case 1 -> dCol[s][i];
            case 2 -> -dRow[s][i];
            default -> -dCol[s][i];
        };
    }

    int cellCol(int s, int i) {
        int[] k = key[s];
        return k[COL] + switch (k[TURN]) {
            case 0 -> dCol[s][i];
            case 1 -> -dRow[s][i];
            case 2 -> -dCol[s][i];
            default -> dRow[s][i];
        };
    }

    boolean fits(int s) {
        // The cheap test first: the whole ship must lie on the field.
        for (int i = 0; i < dRow[s].length; i++) {
            int r = cellRow(s, i), c = cellCol(s, i);
            if (r < 0 || r >= rows || c < 0 || c >= cols) {
                return false;
            }
        }
        for (int i = 0; i < dRow[s].length; i++) {
            int r = cellRow(s, i), c = cellCol(s, i);
            if (fleet.field()[r].charAt(c) == '#' || taken[r][c] >= 0) {
                return false;
            }
            if (!touching && touches(r, c)) {
                return false;
            }
        }
        return true;
    }

    // Is another ship on one of the eight cells around this one?
    boolean touches(int row, int col) {
        for (int r = Math.max(row - 1, 0); r <= Math.min(row + 1, rows - 1); r++) {
            for (int c = Math.max(col - 1, 0); c <= Math.min(col + 1, cols - 1); c++) {
                if (taken[r][c] >= 0) {
                    return true;
                }
            }
        }
        return false;
    }

    // Place ship s (mark = s) or lift it (mark = -1).
    void put(int s, int mark) {
        for (int i = 0; i < dRow[s].length; i++) {
            taken[cellRow(s, i)][cellCol(s, i)] = mark;
        }
    }

    void printField() {
        StringBuilder text = new StringBuilder();
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                text.append(taken[r][c] >= 0 ? fleet.symbols().charAt(taken[r][c])
                                             : fleet.field()[r].charAt(c));
            }
            text.append('\n');
        }
        System.out.print(text);
    }

    void search() {
        int ship = 0; // the ship looking for a key; ships before it are placed
        long tried = 0, valid = 0;
        while (true) {
            if (ship == ships) { // every ship is placed
                valid++;
                if (valid == 1) {
                    printField();
                    System.out.print("keys tried: " + tried + "\n");
                }
                if (!fleet.exhaustive()) {
                    return;
                }
                ship--;
                put(ship, -1); // go on: the last ship takes its next key
            }
            if (!nextKey(ship)) { // keys ran out: reset, and signal up
                position[ship] = new int[] {0, 0, -1};
                if (ship == 0) {
                    break;
                }
                ship--;
                put(ship, -1);
                continue;
            }
            tried++;
            if (fits(ship)) {
                put(ship, ship);
                ship++;
            }
        }
        if (valid == 0) {
            System.out.print("no placement\nkeys tried: " + tried + "\n");
        }
        if (fleet.exhaustive()) {
            long raw = 1;
            for (int s = 0; s < ships; s++) {
                raw *= rows * cols * TURNS;
            }
            System.out.print("whole search: " + valid + " valid keys of (" + rows + "*" + cols
                    + "*" + TURNS + ")^" + ships + " = " + raw + ", " + tried + " keys tried\n");
        }
    }

    static void place(String name, int seed, String touching) {
        for (Fleet fleet : FLEETS) {
            if (fleet.name().equals(name)) {
                new Battleship(fleet, seed, touching).search();
            }
        }
    }

    public static void main(String[] args) {
        place("classic", 0, "forbidden");
        place("classic", 0, "allowed");
        place("classic", 1, "forbidden");
        place("classic", 7, "forbidden");
        place("classic", 2147483647, "allowed");
        place("letters", 0, "forbidden");
        place("letters", 0, "allowed");
        place("letters", 3, "forbidden");
        place("letters", 12345, "allowed");
        place("letters", 2, "allowed");
        place("pair", 0, "forbidden");
        place("pair", 0, "allowed");
        place("pair", 5, "forbidden");
        place("corner", 0, "forbidden");
        place("corner", 9, "allowed");
        place("impossible", 0, "forbidden");
        place("impossible", 4, "allowed");
    }
}
