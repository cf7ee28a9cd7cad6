{ The article's "thorough" shuffle (V. Statsenko, "Тщательная перетасовка колоды карт"):
  every card is swapped with the card at nextInt(36), and four times during the pass the
  program sleeps nextInt(20) ms and reseeds the generator from the clock.  Here the clock
  is a fake one, so that a run can be repeated: new Date().getTime() starts at Start and
  each sleep moves it by the pause plus Lag ms (what a real sleep takes beyond it). }
program Reshuffle;

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

var
  { The fake clock: what new Date().getTime() returns (ms since 1970), and the lag. }
  Clock: Int64;
  Lag: LongInt;

procedure SleepMs(Pause: LongInt);
begin
  Clock := Clock + Pause + Lag;
end;

{ The article's reshuffle(int[] pack), on the generator and the clock above. }
procedure ReshufflePack(var Pack: TPack);
var
  Length, I, NewPos, CurCard, Pause: LongInt;
begin
  Length := 36;
  SetSeed(Clock);  { new Random(new Date().getTime()) }
  for I := 0 to Length - 1 do
  begin
    { Swap the current card with the card at a random position. }
    NewPos := NextInt(Length);
    CurCard := Pack[I];
    Pack[I] := Pack[NewPos];
    Pack[NewPos] := CurCard;
    { At I = 0, 9, 18 and 27: a random pause, then a new seed from the clock. }
    if I mod (Length div 4) = 0 then
    begin
      Pause := NextInt(20);
      SleepMs(Pause);
      SetSeed(Clock);  { generator.setSeed(new Date().getTime()) }
    end;
  end;
end;

procedure ShuffleAt(Start: Int64; LagMs: LongInt);
var
  Pack: TPack;
begin
  Clock := Start;
  Lag := LagMs;
  NewPack(Pack);
  PrintPack(Before, Pack);
  ReshufflePack(Pack);
  PrintPack(After, Pack);
end;

begin
  { Lines end with #10 on every platform, as on Linux. }
  SetTextLineEnding(Output, #10);
  ShuffleAt(1159488000000, 0);
  ShuffleAt(1159488000000, 1);
  ShuffleAt(1160000000000, 15);
  ShuffleAt(0, 0);
  ShuffleAt(253402300799999, 50);
  ShuffleAt(10043455925711, 0);
  ShuffleAt(13973024454430, 0);
  ShuffleAt(128259534618605, 1);
  ShuffleAt(167772159999996, 3);
  ShuffleAt(167772160000329, 0);
end.
