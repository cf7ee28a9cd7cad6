{ The dice game: the computer's move, as the article's program makes it.
  A Free Pascal port of the function Выбор_компьютера from the article "Игра с кубиком"
  (Информатика, 2008, No. 7), written there in the school algorithmic language. Rules: turn
  the die a quarter turn and add the new top number to the total; whoever makes the total
  exactly N wins, whoever goes past N loses. }
program DiceMove;

{$mode objfpc}{$H+}

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

{ Prints the computer's move for Total and Top (0: every one). }
procedure ShowMoves(N, Total, Top: LongInt);
var
  FirstTop, LastTop, FirstTotal, LastTotal, Row, Number: LongInt;
begin
  FirstTop := Top;
  LastTop := Top;
  if Top = 0 then
  begin
    FirstTop := 1;
    LastTop := 6;
  end;
  FirstTotal := Total;
  LastTotal := Total;
  if Total = 0 then
  begin
    FirstTotal := 1;
    LastTotal := N - 1;
  end;
  WriteLn('Ход компьютера в игре до ', N);
  Write('верхнее:');
  for Number := FirstTop to LastTop do
    Write(' ', Number);
  WriteLn;
  for Row := FirstTotal to LastTotal do
  begin
    Write('всего ', Row, ':');
    for Number := FirstTop to LastTop do
      Write(' ', ComputerChoice(N, Row, Number));
    WriteLn;
  end;
end;

begin
  { Lines end with #10 on every platform, as on Linux. }
  SetTextLineEnding(Output, #10);
  ShowMoves(35, 20, 3);
  ShowMoves(35, 26, 1);
  ShowMoves(35, 26, 3);
  ShowMoves(35, 28, 6);
  ShowMoves(35, 27, 2);
  ShowMoves(35, 29, 1);
  ShowMoves(35, 29, 2);
  ShowMoves(35, 30, 2);
  ShowMoves(35, 30, 3);
  ShowMoves(35, 31, 4);
  ShowMoves(35, 31, 1);
  ShowMoves(35, 32, 3);
  ShowMoves(35, 33, 5);
  ShowMoves(35, 33, 3);
  ShowMoves(35, 34, 6);
  ShowMoves(35, 34, 4);
  ShowMoves(30, 1, 1);
  ShowMoves(40, 39, 2);
  ShowMoves(37, 1, 1);
  ShowMoves(31, 22, 6);
  ShowMoves(35, 29, 0);
  ShowMoves(35, 0, 3);
  ShowMoves(30, 0, 0);
  ShowMoves(31, 0, 0);
  ShowMoves(32, 0, 0);
  ShowMoves(33, 0, 0);
  ShowMoves(34, 0, 0);
  ShowMoves(35, 0, 0);
  ShowMoves(36, 0, 0);
  ShowMoves(37, 0, 0);
  ShowMoves(38, 0, 0);
  ShowMoves(39, 0, 0);
  ShowMoves(40, 0, 0);
end.
