//! FreeCell: the deal of a numbered game, card for card as Microsoft's FreeCell deals it.
//! A Rust port of the 1C program from the article "Игровой генератор псевдослучайных
//! чисел на основе линейного конгруэнтного метода в 1С" (K. Tkachenko).

/// The linear congruential generator of the Microsoft C library ("ЛКГ" in the article);
/// `seed` is its state ("семя"). seed is below 2^31, so 214013 * seed + 2531011 stays below
/// 2^49: a u64 holds it exactly. In a u32 it would overflow, which panics in a debug build
/// and wraps (dealing wrong) in a release build.
fn lcg(seed: &mut u64) -> usize {
    *seed = (214013 * *seed + 2531011) % 2147483648;
    (*seed / 65536) as usize
}

/// Deals game number `game` into `dealt`, as card numbers: card c is rank c / 4 and suit
/// c % 4 of the ordered deck A♣ A♦ A♥ A♠ 2♣ ... K♠ (0 is A♣, 51 is K♠). `deck` is where the
/// cards left are kept (filled here).
fn deal_cards(game: u32, deck: &mut [usize; 52], dealt: &mut [usize; 52]) {
    for (i, card) in deck.iter_mut().enumerate() {
        *card = i;
    }
    // Pick a card among those left, then move the last card left into its place.
    let mut seed = u64::from(game);
    for i in 0..52 {
        let pick = lcg(&mut seed) % (52 - i);
        dealt[i] = deck[pick];
        deck[pick] = deck[51 - i];
    }
}

const RANKS: &[u8; 13] = b"A23456789TJQK";
const SUITS: [char; 4] = ['♣', '♦', '♥', '♠'];

/// Deals game number `game` and prints it: 7 lines of 8 cards, the last line 4.
fn deal(game: u32) {
    let mut deck = [0; 52];
    let mut dealt = [0; 52];
    deal_cards(game, &mut deck, &mut dealt);
    // 8 cards a line, one space between them.
    let mut text = String::new();
    for (i, &card) in dealt.iter().enumerate() {
        text.push(char::from(RANKS[card / 4]));
        text.push(SUITS[card % 4]);
        let line_ends = (i + 1) % 8 == 0 || i == 51;
        text.push(if line_ends { '\n' } else { ' ' });
    }
    print!("{text}");
}

fn main() {
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
