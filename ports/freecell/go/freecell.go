// FreeCell: the deal of a numbered game, card for card as Microsoft's FreeCell deals it.
// A Go port of the 1C program from the article "Игровой генератор псевдослучайных
// чисел на основе линейного конгруэнтного метода в 1С" (K. Tkachenko).
package main

import (
	"fmt"
	"strings"
)

// State of the generator ("семя" in the article).
var seed uint64

// lcg is the linear congruential generator of the Microsoft C library ("ЛКГ" in the
// article). seed is below 2^31, so 214013*seed + 2531011 stays below 2^49: a uint64 holds it
// exactly. An int32 would silently wrap (Go defines overflow as wrapping), dealing wrong.
func lcg() int {
	seed = (214013*seed + 2531011) % 2147483648
	return int(seed / 65536)
}

// dealCards deals game number game into dealt, as card numbers: card c is rank c/4 and
// suit c%4 of the ordered deck A♣ A♦ A♥ A♠ 2♣ ... K♠ (0 is A♣, 51 is K♠). deck is where
// the cards left are kept (filled here).
func dealCards(game int32, deck, dealt *[52]int) {
	for i := range deck {
		deck[i] = i
	}
	// Pick a card among those left, then move the last card left into its place.
	seed = uint64(game)
	for i := 0; i < 52; i++ {
		pick := lcg() % (52 - i)
		dealt[i] = deck[pick]
		deck[pick] = deck[51-i]
	}
}

const ranks = "A23456789TJQK"

// Each suit is a string of its own: in UTF-8 it takes 3 bytes, not one.
var suits = [4]string{"♣", "♦", "♥", "♠"}

// deal deals game number game and prints it: 7 lines of 8 cards, the last line 4.
func deal(game int32) {
	var deck, dealt [52]int
	dealCards(game, &deck, &dealt)
	// 8 cards a line, one space between them.
	var text strings.Builder
	for i, card := range dealt {
		text.WriteByte(ranks[card/4])
		text.WriteString(suits[card%4])
		if (i+1)%8 == 0 || i == 51 {
			text.WriteByte('\n')
		} else {
			text.WriteByte(' ')
		}
	}
	fmt.Print(text.String())
}

func main() {
	deal(1)
	deal(617)
	deal(2)
	deal(11982)
	deal(32000)
	deal(1000000)
	deal(1073741824)
	deal(2147483646)
	deal(2147483647)
}
