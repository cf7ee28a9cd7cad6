"""A FreeCell deal as many published ports print it: the game number from the command line,
a "Hand N" header, suits as letters.  Written for portcheck's tests of contributed ports."""

import sys

RANKS, SUITS = "A23456789TJQK", "CDHS"


def deal(game):
    deck = [RANKS[i // 4] + SUITS[i % 4] for i in range(52)]
    state, dealt = game, []
    for left in range(52, 0, -1):
        state = (214013 * state + 2531011) % 2**31
        pick = (state >> 16) % left
        dealt.append(deck[pick])
        deck[pick] = deck[left - 1]
    return dealt


if __name__ == "__main__":
    game = int(sys.argv[1])
    print(f"Hand {game}")
    cards = deal(game)
    for start in range(0, 52, 8):
        print(" ".join(cards[start:start + 8]))
