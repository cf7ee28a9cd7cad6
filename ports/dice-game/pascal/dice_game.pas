{ The dice game against the computer: the whole program of the article.
  A Free Pascal port of the program Игра_с_кубиком from the article "Игра с кубиком"
  (Информатика, 2008, No. 7), with what its exercise asks for: answer 0 to give up; any
  answer that is not an allowed number is met with "Неправильный выбор! Попробуйте еще"
  and asked again.

  Rules: a target N is drawn from 30 to 40 and the die is thrown; the total starts at the
  thrown number. Then the players in turn tip the die a quarter turn and add the new top
  number. Making exactly N wins, going past N loses.

  Run: dice_game SEED (the seed of the java.util.Random the school language's irnd draws
  from; without it, a seed from Randomize). Every message starts on a new line, as the
  article's program prints. }
program DiceGame;

{$mode objfpc}{$H+}

uses
  SysUtils;

const
  Choices: array[1..6] of string = ('2 3 4 5', '1 3 4 6', '1 2 5 6', '1 2 5 6',
                                    '1 3 4 6', '2 3 4 5');
  KeyPrompt = 'Для продолжения игры — нажмите любую клавишу';

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

{ вывод нс, ...: a new line, then the text. }
procedure Say(const Text: string);
begin
  Write(#10, Text);
end;

{ One line typed by the player; without it the game cannot go on. }
function ReadAnswer: string;
begin
  if Eof(Input) then
  begin
    WriteLn(StdErr, 'Ввод закончился раньше, чем игра');
    Halt(1);
  end;
  ReadLn(Result);
end;

{ The number typed: one digit, blanks (space, tab, CR) around it allowed; else -1. }
function AnswerValue(const Line: string): LongInt;
var
  First, Last: LongInt;
begin
  First := 1;
  Last := Length(Line);
  while (First <= Last) and (Line[First] in [' ', #9, #13]) do
    Inc(First);
  while (Last >= First) and (Line[Last] in [' ', #9, #13]) do
    Dec(Last);
  if (First = Last) and (Line[First] in ['0'..'9']) then
    Result := Ord(Line[First]) - Ord('0')
  else
    Result := -1;
end;

{ Asks until the answer is an allowed number, or 0 (give up). }
function HumanChoice(Top: LongInt): LongInt;
begin
  Say('Ваш выбор? ');
  repeat
    Result := AnswerValue(ReadAnswer);
    if (Result <> 0) and not Allowed(Top, Result) then
      Say('Неправильный выбор! Попробуйте еще');
  until (Result = 0) or Allowed(Top, Result);
end;

procedure Play(Seed: Int64);
var
  N, Turn, Total, Top, Chosen: LongInt;
  GaveUp: Boolean;
begin
  SetSeed(Seed);
  N := 29 + Irnd(11);
  Say('Игра будет продолжаться до ' + IntToStr(N));
  if Irnd(2) = 1 then
  begin
    Say('Первым бросает компьютер');
    Turn := 2; { then the player moves first }
  end
  else
  begin
    Say('Первым бросаете Вы');
    Turn := 1; { then the computer moves first }
  end;
  Say(KeyPrompt);
  ReadAnswer;
  Top := Irnd(6);
  Total := Top;
  Say('На кубике выпало число ' + IntToStr(Top));
  GaveUp := False;
  while (Total < N) and not GaveUp do
  begin
    if Turn = 1 then
      Say('Очередной ход делает компьютер')
    else
      Say('Очередной ход делаете Вы');
    Say('Общая сумма чисел равна ' + IntToStr(Total));
    Write('(игра до ', N, ')');
    Say('Можно выбрать числа:' + Choices[Top]);
    if Turn = 1 then
    begin
      Say(KeyPrompt);
      ReadAnswer;
      Top := ComputerChoice(N, Total, Top);
      Say('Компьютер выбрал ' + IntToStr(Top));
      Turn := 2;
    end
    else
    begin
      Chosen := HumanChoice(Top);
      if Chosen = 0 then
      begin
        GaveUp := True;
        Continue;
      end;
      Top := Chosen;
      Turn := 1;
    end;
    Total := Total + Top;
  end;
  { Who has won: the one who made exactly N, or the other one. }
  if GaveUp then
    Say('Вы сдались');
  Say('Игра закончилась!');
  if not GaveUp and ((Total = N) = (Turn = 1)) then
    Say('Выиграли Вы. Поздравляем!')
  else
    Say('Выиграл компьютер!');
  WriteLn;
end;

var
  Seed: Int64;
  Code: Word;
begin
  { Lines end with #10 on every platform, as on Linux. }
  SetTextLineEnding(Output, #10);
  if ParamCount > 0 then
  begin
    Val(ParamStr(1), Seed, Code);
    if Code <> 0 then
    begin
      WriteLn(StdErr, 'Зерно должно быть целым числом: ', ParamStr(1));
      Halt(2);
    end;
  end
  else
  begin
    Randomize;
    Seed := Random(MaxLongInt);
  end;
  Play(Seed);
end.
