{ The dice game solved exactly, and the article's move compared with it.
  The article "Игра с кубиком" (Информатика, 2008, No. 7) gives the computer a
  "quasi-optimal" move (Выбор_компьютера) and promises the "fully optimal" strategy for
  later. This program finds which positions (total, top) are won for the player to move,
  lists where the quasi-optimal move gives such a win away, and checks the article's claim
  that a difference of 9 to the next winning total is a lost position. }
program DiceSolve;

{$mode objfpc}{$H+}

uses
  SysUtils;

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

{ Positions some game reaches: (T, T) after a throw of T, then (Total + Move, Move). }
procedure FindReachable(N: LongInt; out Seen: TWon);
var
  Total, Top, Old: LongInt;
begin
  Seen := Default(TWon);  { all False: no position reached yet }
  for Total := 1 to N - 1 do
    for Top := 1 to 6 do
    begin
      Seen[Total, Top] := Total = Top;
      if Total - Top >= 1 then
        for Old := 1 to 6 do
          if Seen[Total - Top, Old] and Allowed(Old, Top) then
            Seen[Total, Top] := True;
    end;
end;

function WinningMoves(const Won: TWon; N, Total, Top: LongInt): string;
var
  Move: LongInt;
begin
  Result := '';
  for Move := 1 to 6 do
    if Wins(Won, N, Total, Top, Move) then
    begin
      if Result <> '' then
        Result := Result + ',';
      Result := Result + IntToStr(Move);
    end;
end;

function IsNine(N, Total: LongInt): Boolean;
begin
  Result := (N - Total) mod 9 = 0;
end;

procedure Report(N: LongInt);
var
  Won, Seen: TWon;
  Total, Top, Positions, Winning, Mistakes, Nine, NineWon: LongInt;
begin
  Solve(N, Won);
  FindReachable(N, Seen);
  WriteLn('Точное решение игры до ', N);
  WriteLn('В строке всего: выигрышные ходы для каждого верхнего числа;');
  WriteLn('«-» — позиция проигрышная для того, кто ходит, «.» — в игре не встречается.');
  WriteLn('верхнее: 1 2 3 4 5 6');
  Positions := 0;
  Winning := 0;
  Mistakes := 0;
  Nine := 0;
  NineWon := 0;
  for Total := 1 to N - 1 do
  begin
    Write('всего ', Total, ':');
    for Top := 1 to 6 do
      if not Seen[Total, Top] then
        Write(' .')
      else
      begin
        Inc(Positions);
        if Won[Total, Top] then
        begin
          Write(' ', WinningMoves(Won, N, Total, Top));
          Inc(Winning);
          if not Wins(Won, N, Total, Top, ComputerChoice(N, Total, Top)) then
            Inc(Mistakes);
        end
        else
          Write(' -');
        if IsNine(N, Total) then
        begin
          Inc(Nine);
          if Won[Total, Top] then
            Inc(NineWon);
        end;
      end;
    WriteLn;
  end;
  WriteLn('Позиций в игре: ', Positions, '; выигрышных для того, кто ходит: ', Winning,
          '; проигрышных: ', Positions - Winning);

  { Where the article's move hands a won position over to the opponent. }
  WriteLn('Позиций, где квазиоптимальный ход отдаёт выигрыш: ', Mistakes);
  for Total := 1 to N - 1 do
    for Top := 1 to 6 do
      if Seen[Total, Top] and Won[Total, Top]
         and not Wins(Won, N, Total, Top, ComputerChoice(N, Total, Top)) then
        WriteLn('всего ', Total, ', верхнее ', Top, ': ход ', ComputerChoice(N, Total, Top),
                ', выигрышные ходы ', WinningMoves(Won, N, Total, Top));

  { The article: a difference of 9 (total = N - 9, N - 18, ...) is lost. }
  Write('Разность 9 (всего ', N - 9);
  Total := N - 18;
  while Total >= 1 do
  begin
    Write(', ', Total);
    Total := Total - 9;
  end;
  WriteLn('): позиций ', Nine, ', выигрышных ', NineWon);
  for Total := 1 to N - 1 do
    for Top := 1 to 6 do
      if Seen[Total, Top] and IsNine(N, Total) and Won[Total, Top] then
        WriteLn('всего ', Total, ', верхнее ', Top, ': выигрышные ходы ',
                WinningMoves(Won, N, Total, Top));
  if NineWon = 0 then
    WriteLn('Утверждение статьи «разность 9 — проигрыш» верно')
  else
    WriteLn('Утверждение статьи «разность 9 — проигрыш» неверно');
end;

begin
  { Lines end with #10 on every platform, as on Linux. }
  SetTextLineEnding(Output, #10);
  Report(30);
  Report(31);
  Report(32);
  Report(33);
  Report(34);
  Report(35);
  Report(36);
  Report(37);
  Report(38);
  Report(39);
  Report(40);
end.
