{ java.util.Random, computed in Free Pascal.  The article "Тщательная перетасовка колоды
  карт" (V. Statsenko, 2006) prints ten nextInt(100) of new Random(20) on one line,
  "53; 36; 1; 61; 5; 95; 33; 55; 93; 88", the same on every run: the generator is a
  formula, so the same seed gives the same numbers. }
program Javarandom;

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

{ Count values of nextInt(Bound) from new Random(Start), joined by '; ' as in the article. }
procedure PrintValues(Start: Int64; Bound, Count: LongInt);
var
  I: LongInt;
begin
  SetSeed(Start);
  for I := 1 to Count do
  begin
    if I > 1 then
      Write('; ');
    Write(NextInt(Bound));
  end;
  WriteLn;
end;

begin
  { Lines end with #10 on every platform, as on Linux. }
  SetTextLineEnding(Output, #10);
  PrintValues(20, 100, 10);
  PrintValues(0, 100, 10);
  PrintValues(281474976710656, 100, 10);
  PrintValues(1160000000000, 36, 36);
  PrintValues(-5, 6, 20);
  PrintValues(7, 1, 5);
  PrintValues(42, 2, 20);
  PrintValues(42, 16, 20);
  PrintValues(3, 1073741824, 10);
  PrintValues(3, 1073741825, 20);
  PrintValues(-9223372036854775808, 2147483647, 10);
  PrintValues(9223372036854775807, 1000000, 10);
  PrintValues(1, 715827883, 10);
  PrintValues(-16777216, 100, 10);
  PrintValues(-1, 100, 10);
  PrintValues(-147924929294793, 100, 10);
  PrintValues(-94831912104764, 16, 10);
end.
