// A FreeCell deal written the way many published ports are written, not from our template:
// the game number comes from the command line, each deal is preceded by a "Hand N" header,
// and suits are printed as letters (C D H S) instead of symbols. Written for portcheck's
// tests of contributed ports (normalize: and args: in port.yaml, and `portcheck check`).
public class DealLetters {
    public static void main(String[] args) {
        int game = Integer.parseInt(args[0]);
        String[] deck = new String[52];
        String ranks = "A23456789TJQK";
        String suits = "CDHS";
        for (int i = 0; i < 52; i++) {
            deck[i] = "" + ranks.charAt(i / 4) + suits.charAt(i % 4);
        }
        long state = game;
        System.out.println("Hand " + game);
        StringBuilder line = new StringBuilder();
        for (int left = 52; left > 0; left--) {
            state = (214013L * state + 2531011L) % 2147483648L;
            int pick = (int) ((state >> 16) % left);
            line.append(deck[pick]);
            deck[pick] = deck[left - 1];
            if ((52 - left) % 8 == 7 || left == 1) {
                System.out.println(line);
                line.setLength(0);
            } else {
                line.append(' ');
            }
        }
    }
}
