import java.util.Random;

public class Main {
    
    public Main() {
    }
    
    public static void main(String[] args) {
        //создаем новый генератор псевдослучайных чисел, и задаем
        //начальное значение для алгоритма генерации чисел
        Random generator = new Random(20);
        //выводим десять случайных чисел
        for(int i = 0; i < 10; i++) { // ERRATUM: for(int i = 0; i 
            // ELISION: the printed text breaks off after "for(int i = 0; i "; the rest of
            // the loop and of the file is filled as the text describes it (ERRATA.md).
            System.out.print(generator.nextInt(100));
            if(i < 9) {
                System.out.print("; ");
            }
        }
        System.out.println();
    }
}
