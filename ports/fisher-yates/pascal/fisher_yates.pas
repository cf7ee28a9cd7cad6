{ The correct shuffle of the article's 36 cards: Fisher-Yates, as Java's
  Collections.shuffle(list, new Random(seed)) does it.  From the bottom card up, the card
  at position I is swapped with one of the positions 0..I not yet fixed, so each of the
  36! orders has one sequence of draws of its own. }
program FisherYates;

{$mode objfpc}{$H+}

{ java.util.Random written out: a linear congruential generator on a 48-bit state,
    RandomState = (RandomState * $5DEECE66D + $B) mod 2^48. }
const
  Multiplier = QWord($5DEECE66D);
  Addend = QWord($B);
  Mask48 = QWord($FFFFFFFFFFFF);  { 2^48 - 1 }

var
  RandomState: QWord;

{ The generator's own arithmetic wraps on purpose: overflow and range checks are off in
  SetSeed and NextBits only. }
{$push}{$overflowchecks off}{$rangechecks off}

{ new Random(Seed) and setSeed(Seed): only the low 48 bits of Seed count, scrambled by
  xor.  QWord(Seed) reads a negative Int64 as its two's complement bits, as Java's long
  holds it. }
procedure SetSeed(Seed: Int64);
begin
  RandomState := (QWord(Seed) xor Multiplier) and Mask48;
end;

{ next(Bits): one step of the generator; the state's top Bits bits.  RandomState *
  Multiplier needs 83 bits: a QWord keeps it modulo 2^64, and the low 48 bits the mask
  keeps are exactly those of the true product. }
function NextBits(Bits: LongInt): LongInt;
begin
  RandomState := (RandomState * Multiplier + Addend) and Mask48;
  Result := LongInt(RandomState shr (48 - Bits));
end;
{$pop}

{ nextInt(Bound): 0 to Bound - 1, every one equally likely. }
function NextInt(Bound: LongInt): LongInt;
var
  R, U: LongInt;
begin
  R := NextBits(31);
  if (Bound and (Bound - 1)) = 0 then
    { A power of two: the top bits of R, (Bound * R) div 2^31, in 64 bits. }
    Exit(LongInt((Int64(Bound) * R) shr 31));
  { R mod Bound, drawn again while R falls in the last, incomplete block of Bound values.
    Java sees U - R + Bound - 1 pass 2^31 - 1 and its int turn negative; here the sum is
    an Int64, compared with High(LongInt). }
  U := R;
  R := U mod Bound;
  while Int64(U) - R + Bound - 1 > High(LongInt) do
  begin
    U := NextBits(31);
    R := U mod Bound;
  end;
  Result := R;
end;

{ The article's deck of 36: six to ace of spades, clubs, diamonds, hearts
  (card K is rank K mod 9 of suit K div 9).  Each name is UTF-8 text, printed byte for
  byte as written here. }
const
  Ranks: array[0..8] of string = ('шестерка', 'семерка', 'восьмерка', 'девятка',
    'десятка', 'валет', 'дама', 'король', 'туз');
  Suits: array[0..3] of string = ('пик', 'треф', 'бубен', 'червей');
  Before = 'Начальное расположение карт в колоде';
  After = 'Расположение карт после перетасовки';

type
  TPack = array[0..35] of LongInt;

procedure NewPack(out Pack: TPack);
var
  Card: LongInt;
begin
  for Card := 0 to 35 do
    Pack[Card] := Card;
end;

{ A heading, then the cards of the pack one a line, top first. }
procedure PrintPack(const Heading: string; const Pack: TPack);
var
  I: LongInt;
begin
  WriteLn(Heading);
  for I := 0 to 35 do
    WriteLn(Ranks[Pack[I] mod 9], ' ', Suits[Pack[I] div 9]);
end;

procedure Shuffle(var Pack: TPack);
var
  I, J, Card: LongInt;
begin
  for I := 35 downto 1 do
  begin
    J := NextInt(I + 1);
    Card := Pack[I];
    Pack[I] := Pack[J];
    Pack[J] := Card;
  end;
end;

procedure ShuffleWith(Start: Int64);
var
  Pack: TPack;
begin
  SetSeed(Start);
  NewPack(Pack);
  PrintPack(Before, Pack);
  Shuffle(Pack);
  PrintPack(After, Pack);
end;

begin
  { Lines end with #10 on every platform, as on Linux. }
  SetTextLineEnding(Output, #10);
  ShuffleWith(20);
  ShuffleWith(0);
  ShuffleWith(1160000000000);
  ShuffleWith(-1);
  ShuffleWith(9223372036854775807);
  ShuffleWith(-16777216);
  ShuffleWith(127564553489323);
  ShuffleWith(84568153705668);
  ShuffleWith(-123132236327240);
  ShuffleWith(-134741127910252);
  ShuffleWith(-149955576741703);
end.
