{ FreeCell: the deal of a numbered game, card for card as Microsoft's FreeCell deals it.
  A Free Pascal port of the 1C program from the article "Игровой генератор
  псевдослучайных чисел на основе линейного конгруэнтного метода в 1С" (K. Tkachenko). }
program Freecell;

{$mode objfpc}{$H+}

const
  Ranks = 'A23456789TJQK';
  { Each suit is a UTF-8 string of its own (3 bytes, so not one Char). There is no
    $codepage directive: the bytes are printed exactly as they are written here. }
  Suits: array[0..3] of string = ('♣', '♦', '♥', '♠');

type
  { Card numbers: card C is rank C div 4 and suit C mod 4 of the ordered deck
    A♣ A♦ A♥ A♠ 2♣ ... K♠ (0 is A♣, 51 is K♠). }
  TCards = array[0..51] of LongInt;

var
  { State of the generator ("семя" in the article). }
  Seed: Int64;

{ The linear congruential generator of the Microsoft C library ("ЛКГ" in the article).
  Seed is below 2^31, so 214013 * Seed + 2531011 stays below 2^49: that fits an Int64
  (64 bits) but would overflow a LongInt (32 bits), hence Int64. }
function Lcg: LongInt;
begin
  Seed := (214013 * Seed + 2531011) mod 2147483648;
  Result := Seed div 65536;
end;

{ Deals game number Game into Dealt, as card numbers; Deck is where the cards left are
  kept (filled here). }
procedure DealCards(Game: LongInt; var Deck, Dealt: TCards);
var
  I, Pick: LongInt;
begin
  for I := 0 to 51 do
    Deck[I] := I;
  { Pick a card among those left, then move the last card left into its place. }
  Seed := Game;
  for I := 0 to 51 do
  begin
    Pick := Lcg mod (52 - I);
    Dealt[I] := Deck[Pick];
    Deck[Pick] := Deck[51 - I];
  end;
end;

{ Deals game number Game and prints it: 7 lines of 8 cards, the last line 4. }
procedure Deal(Game: LongInt);
var
  Deck, Dealt: TCards;
  I: LongInt;
begin
  DealCards(Game, Deck, Dealt);
  { 8 cards a line, one space between them. }
  for I := 0 to 51 do
  begin
    Write(Ranks[Dealt[I] div 4 + 1], Suits[Dealt[I] mod 4]);
    if ((I + 1) mod 8 = 0) or (I = 51) then
      WriteLn
    else
      Write(' ');
  end;
end;

begin
  { Lines end with #10 on every platform, as on Linux. }
  SetTextLineEnding(Output, #10);
  Deal(1);
  Deal(617);
  Deal(2);
  Deal(11982);
  Deal(32000);
  Deal(1000000);
  Deal(1073741824);
  Deal(2147483646);
  Deal(2147483647);
end.
