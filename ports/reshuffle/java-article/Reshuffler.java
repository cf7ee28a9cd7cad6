// ADDED: the port's frame around the article's method (see ERRATA.md)
// The card-shuffling article's reshuffle(int[] pack) (seeds/002_c4cc78c65a2d69a8.txt),
// character for character as printed, between the BEGIN and END lines below.  The rest of
// this file is what surrounds it so that it runs reproducibly (see ERRATA.md): a fake
// clock, seen by the printed method as Date and Thread, and a main that prints the deck
// before and after as the article's Main does.
import java.util.Random;

public class Reshuffler {

    // The fake clock.  Inside this class the simple names Date and Thread mean the two
    // member classes below: Java looks a type name up in the class's own members before
    // the imports and java.lang.  java.util.Random is the JDK's own.
    static long now;  // what new Date().getTime() returns (ms since 1970)
    static int lag;   // the ms each sleep takes beyond its pause

    static class Date {
        long getTime() {
            return now;
        }
    }

    static class Thread {
        static Thread currentThread() {
            return new Thread();
        }

        // The printed method calls sleep through currentThread(), as one may call a
        // static method; it catches InterruptedException, so sleep declares it.
        static void sleep(long millis) throws InterruptedException {
            now += millis + lag;
        }
    }

    // ---- BEGIN: the article's method, as printed ----
    // END ADDED
public static void reshuffle(int[] pack) {
    if(pack != null) {
        int length = pack.length;
        //создаем генератор случайных чисел, в качестве начального
        //значения передаем системное время
        Random generator = new Random(new Date().getTime());
        //тосуем колоду карт
        //перебираем все карты колоды
        for(int i = 0; i < length; i++) {
            //генерируем случайное число, в диапазоне от нуля до
            //конца колоды
            int newPos = generator.nextInt(length);
            //меняем местами текущую карту с картой, которая находится
            //в pack[newPos]
            int curCard = pack[i];
            pack[i] = pack[newPos];
            pack[newPos] = curCard;
            //для увеличения эффекта "случайности" возникновения чисел,
            //в течении перетасовки колоды, четыре раза устанавливаем
            //новое начальное значение генератора случайных чисел
            if(i%(length/4) == 0) {
                //генерируем случайный интервал времени (мс)
                int pause = generator.nextInt(20);
                try {
                    //останавливаем работу программы на полученный
                    //интервал времени (максимально возможная задержка
                    //восемдесят миллисекунд)
                    Thread.currentThread().sleep(pause);
                }
                catch (InterruptedException ex) {}
                //уставливаем новое начальное значение генератора
                generator.setSeed(new Date().getTime());
            }
        }
    }
}
    // ADDED: the rest of the frame
    // ---- END: the article's method ----

    // The article's CardsPack (not printed in it): the deck of 36 in the order of its
    // table, six to ace of spades, clubs, diamonds, hearts (card k: rank k % 9, suit k / 9).
    static final String[] RANKS = {"шестерка", "семерка", "восьмерка", "девятка", "десятка",
                                   "валет", "дама", "король", "туз"};
    static final String[] SUITS = {"пик", "треф", "бубен", "червей"};

    static void print(String heading, int[] pack) {
        StringBuilder text = new StringBuilder(heading).append('\n');
        for (int card : pack) {
            text.append(RANKS[card % 9]).append(' ').append(SUITS[card / 9]).append('\n');
        }
        System.out.print(text);
    }

    // As the article's Main: a new deck, printed, shuffled, printed again.
    // Arguments: the clock's first reading (ms since 1970) and the lag of each sleep (ms).
    public static void main(String[] args) {
        now = Long.parseLong(args[0]);
        lag = Integer.parseInt(args[1]);
        int[] pack = new int[36];
        for (int card = 0; card < pack.length; card++) {
            pack[card] = card;
        }
        print("Начальное расположение карт в колоде", pack);
        reshuffle(pack);
        print("Расположение карт после перетасовки", pack);
    }
}
