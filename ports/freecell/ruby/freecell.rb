# frozen_string_literal: true

# FreeCell: the deal of a numbered game, card for card as Microsoft's FreeCell deals it.
# A Ruby port of the 1C program from the article "Игровой генератор псевдослучайных
# чисел на основе линейного конгруэнтного метода в 1С" (K. Tkachenko).

# The generator and the deal, as module functions; the module keeps the generator's state.
module FreecellDeal
  module_function

  # The linear congruential generator of the Microsoft C library ("ЛКГ" in the article);
  # @seed is its state ("семя"), set by deal_cards.
  # Ruby integers never overflow, so 214013 * seed + 2531011 (below 2**49) is exact, and
  # / of two integers is integer division.
  def lcg
    @seed = (214_013 * @seed + 2_531_011) % 2_147_483_648
    @seed / 65_536
  end

  # Deals game number `game` into the array `dealt`, as card numbers: card c is rank c / 4
  # and suit c % 4 of the ordered deck A♣ A♦ A♥ A♠ 2♣ ... K♠ (0 is A♣, 51 is K♠).
  # `deck` (52 items, filled here) keeps the cards left.
  def deal_cards(game, deck, dealt)
    deck.replace((0...52).to_a)
    # Pick a card among those left, then move the last card left into its place.
    @seed = game
    52.times do |i|
      pick = lcg % (52 - i)
      dealt[i] = deck[pick]
      deck[pick] = deck[51 - i]
    end
  end
end

RANKS = 'A23456789TJQK'
SUITS = '♣♦♥♠'

# Deals game number `game` and prints it: 7 lines of 8 cards, the last line 4.
def deal(game)
  dealt = []
  FreecellDeal.deal_cards(game, [], dealt)
  cards = dealt.map { |card| RANKS[card / 4] + SUITS[card % 4] }
  # 8 cards a line, one space between them.
  cards.each_slice(8) { |line| puts line.join(' ') }
end

deal(1)
deal(617)
deal(2)
deal(11_982)
deal(32_000)
deal(1_000_000)
deal(1_073_741_824)
deal(2_147_483_646)
deal(2_147_483_647)
