{ The dice game, computer against computer: the article's "quasi-optimal" move against the
  exact solution. The second mode of the game program of the article "Игра с кубиком"
  (Информатика, 2008, No. 7). Each seed gives a game's draws as the game program makes them
  (N, who throws, the number thrown); it is played twice, each strategy throwing the die
  once: first the game program's own game of that seed, the computer playing the
  quasi-optimal strategy and the human the exact one, then the same with the other one
  throwing. The one who throws is the first player; the other one moves first. Each game is
  printed with the numbers turned up, move by move, and who won; at the end: how often each
  strategy won as the first player and as the second. }
program DiceDuel;

{$mode objfpc}{$H+}

const
  Quasi = 'квазиоптимальная';
  Exact = 'точная';

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

{ irnd(X) of the school language: a whole number from 1 to X. }
function Irnd(X: LongInt): LongInt;
begin
  Result := 1 + NextInt(X);
end;

{ Can the die be turned so that Number comes on top? A quarter turn brings up a side
  face: neither the number on top nor the one underneath it (7 - Top). }
function Allowed(Top, Number: LongInt): Boolean;
begin
  Result := (Number >= 1) and (Number <= 6) and (Number <> Top) and (Number <> 7 - Top);
end;

{ The computer's "quasi-optimal" move (Выбор_компьютера in the article). The winning
  totals are taken to be N, N - 9, N - 18, ...: aim at the next one above Total. A
  difference of 1 to 6 is played when that number is allowed; otherwise (also for 7, 8
  and the "lost" 9) the smallest allowed number: 1, or 2 when 1 is on top or underneath. }
function ComputerChoice(N, Total, Top: LongInt): LongInt;
var
  Target, Difference: LongInt;
begin
  Target := N;
  while Target > Total do
    Target := Target - 9;
  Difference := Target + 9 - Total; { 1 to 9 }
  if (Difference <= 6) and Allowed(Top, Difference) then
    Result := Difference
  else if Allowed(Top, 1) then
    Result := 1
  else
    Result := 2;
end;

type
  { Won[Total, Top]: can the player to move force a win? }
  TWon = array[1..40, 1..6] of Boolean;

{ Does Move win from (Total, Top)? It makes exactly N, or stays below N and leaves the
  opponent a lost position. }
function Wins(const Won: TWon; N, Total, Top, Move: LongInt): Boolean;
begin
  if not Allowed(Top, Move) then
    Exit(False);
  Result := (Total + Move = N) or ((Total + Move < N) and not Won[Total + Move, Move]);
end;

{ The exact solution, by backward induction from the end of the game. }
procedure Solve(N: LongInt; out Won: TWon);
var
  Total, Top, Move: LongInt;
begin
  for Total := N - 1 downto 1 do
    for Top := 1 to 6 do
    begin
      Won[Total, Top] := False;
      for Move := 1 to 6 do
        if Wins(Won, N, Total, Top, Move) then
          Won[Total, Top] := True;
    end;
end;

{ The exact strategy: the smallest winning move; in a lost position the smallest allowed
  number (the least likely to go past N). }
function ExactChoice(const Won: TWon; N, Total, Top: LongInt): LongInt;
var
  Move: LongInt;
begin
  for Move := 1 to 6 do
    if Wins(Won, N, Total, Top, Move) then
      Exit(Move);
  if Allowed(Top, 1) then
    Result := 1
  else
    Result := 2;
end;

{ Plays one game: First throws Thrown, Second moves first. Returns the winner; Moves gets
  the numbers turned up, in order, each after a space. }
function Winner(N: LongInt; const Won: TWon; Thrown: LongInt;
                const First, Second: string; out Moves: string): string;
var
  Total, Top: LongInt;
  Mover, Other, Waiting, Number: string;
begin
  Moves := '';
  Total := Thrown;
  Top := Thrown;
  Mover := Second;
  Other := First;
  while True do
  begin
    if Mover = Quasi then
      Top := ComputerChoice(N, Total, Top)
    else
      Top := ExactChoice(Won, N, Total, Top);
    Str(Top, Number);
    Moves := Moves + ' ' + Number;
    Total := Total + Top;
    if Total >= N then
    begin
      if Total = N then
        Exit(Mover);
      Exit(Other);
    end;
    Waiting := Mover;
    Mover := Other;
    Other := Waiting;
  end;
end;

procedure Duel(FirstSeed, Games: LongInt);
const
  Sides: array[0..1] of string = (Quasi, Exact);
var
  WinsFirst, WinsSecond: array[0..1] of LongInt;
  Game, Seed, N, Starter, Thrown, Turn, Side, Index: LongInt;
  Won: TWon;
  Best, Moves: string;
begin
  for Side := 0 to 1 do
  begin
    WinsFirst[Side] := 0;
    WinsSecond[Side] := 0;
  end;
  for Game := 0 to Games - 1 do
  begin
    Seed := FirstSeed + Game;
    SetSeed(Seed);
    N := 29 + Irnd(11);
    Starter := Irnd(2); { who throws: 1 the computer, 2 the human }
    Thrown := Irnd(6);
    Solve(N, Won);
    Write('Зерно ', Seed, ': игра до ', N, ', выпало ', Thrown);
    for Turn := 0 to 1 do
    begin
      { Starter 1: the quasi-optimal side (0) throws first; 2: the exact one (1). }
      Side := (Starter - 1 + Turn) mod 2;
      Best := Winner(N, Won, Thrown, Sides[Side], Sides[1 - Side], Moves);
      Index := Ord(Best = Exact);
      if Best = Sides[Side] then
        Inc(WinsFirst[Index])
      else
        Inc(WinsSecond[Index]);
      Write('; бросает ', Sides[Side], ', ходы', Moves, ' — выиграла ', Best);
    end;
    WriteLn;
  end;
  WriteLn('Итого зёрен: ', Games, ', партий: ', 2 * Games);
  for Side := 0 to 1 do
    WriteLn(Sides[Side], ': первой выиграла ', WinsFirst[Side], ' из ', Games,
            ', второй — ', WinsSecond[Side], ' из ', Games);
end;

begin
  { Lines end with #10 on every platform, as on Linux. }
  SetTextLineEnding(Output, #10);
  Duel(1, 30);
  Duel(1000, 5);
  Duel(2147483647, 1);
  Duel(397818113, 1);
  Duel(1066669882, 1);
  Duel(910812142, 1);
  Duel(31, 127);
  Duel(310374318, 1);
end.
