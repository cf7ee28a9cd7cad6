{ N queens: every solution, by the search of the puzzle book
  ("Программирование игр и головоломок", the eight queens).

  Queen k stands in row k; C[k] is its column. Three tables say whether a square is free:
  the columns (ст in the book), the "sum" diagonals k + i - 1 (дп) and the "difference"
  diagonals k - i + n (дм). The book's listing jumps between labels; Pascal has labels
  and goto too, so this port keeps the book's jumps and label names (in Latin letters). }
program Queens;

{$mode objfpc}{$H+}{$goto on}

const
  MaxN = 10;

type
  TVector = array[1..MaxN] of LongInt;  { C[1..N]: the column of the queen in each row }

var
  Printed, Distinct, Placed, Tested: LongInt;

{ Prints a solution C[1..N] and counts it, and counts it as distinct when no image of it
  under the board's 8 symmetries comes before it. }
procedure Show(const C: TVector; N: LongInt);
var
  Image: TVector;
  T, Row, R, Col, Swap, K: LongInt;
  Smallest: Boolean = True;  { until an image comes before it (set anew on every call) }
begin
  for K := 1 to N do
  begin
    if K > 1 then Write(' ');
    Write(C[K]);
  end;
  WriteLn;
  Inc(Printed);
  for T := 0 to 7 do
  begin
    for Row := 1 to N do
    begin
      R := Row;
      Col := C[Row];
      if T and 4 <> 0 then begin Swap := R; R := Col; Col := Swap; end; { about the diagonal }
      if T and 2 <> 0 then R := N + 1 - R;                             { rows reversed }
      if T and 1 <> 0 then Col := N + 1 - Col;                         { columns reversed }
      Image[R] := Col;
    end;
    K := 1;
    while (K <= N) and (Image[K] = C[K]) do Inc(K);
    if (K <= N) and (Image[K] < C[K]) then Smallest := False;
  end;
  if Smallest then Inc(Distinct);
end;

{ Mode 'full': the first queen runs over the whole first row; 'half': the book's hint, it
  starts at column N div 2 + 1 and each solution is completed by its mirror image;
  'listing': only the solutions, as the book's program prints them. }
procedure Solve(N: LongInt; const Mode: string);
label
  S, I_, SB, YA;
var
  Column: array[1..MaxN] of LongInt;           { ст: the row of the queen in each column }
  SumDiag, DiffDiag: array[1..2 * MaxN - 1] of LongInt;  { дп, дм }
  C, Mirror: TVector;
  K, I, J: LongInt;
begin
  Printed := 0; Distinct := 0; Placed := 0; Tested := 0;
  for J := 1 to N do Column[J] := 0;
  for J := 1 to 2 * N - 1 do
  begin
    SumDiag[J] := 0;
    DiffDiag[J] := 0;
  end;
  K := 1;
  if Mode = 'half' then C[1] := N div 2 else C[1] := 0;
  goto I_;
S:   { С: a new row starts before its first square }
  C[K] := 0;
I_:  { И: look for the first free square after C[K] }
  I := C[K] + 1;
  while I <= N do
  begin
    Inc(Tested);
    if (Column[I] = 0) and (SumDiag[K + I - 1] = 0) and (DiffDiag[K - I + N] = 0) then
      Break;
    Inc(I);
  end;
  if I = N + 1 then goto SB;
  { СОК: the queen goes there }
  C[K] := I;
  Inc(Placed);
  if K = N then
  begin
    Show(C, N);
    if (Mode = 'half') and (2 * C[1] <> N + 1) then
    begin
      for J := 1 to N do Mirror[J] := N + 1 - C[J];
      Show(Mirror, N);
    end;
    goto SB;
  end;
  Column[I] := K; SumDiag[K + I - 1] := K; DiffDiag[K - I + N] := K;
  K := K + 1;
  goto S;
SB:  { СБ: back to the previous row, lift its queen }
  K := K - 1;
  if K = 0 then goto YA;
  I := C[K]; Column[I] := 0; SumDiag[K + I - 1] := 0; DiffDiag[K - I + N] := 0;
  goto I_;
YA:  { Я: the end }
  if Mode <> 'listing' then
  begin
    WriteLn('решений: ', Printed);
    WriteLn('различных с точностью до поворотов и отражений: ', Distinct);
    WriteLn('поставлено ферзей: ', Placed);
    WriteLn('проверено полей: ', Tested);
  end;
end;

begin
  { Lines end with #10 on every platform, as on Linux. }
  SetTextLineEnding(Output, #10);
  Solve(1, 'full');
  Solve(2, 'full');
  Solve(3, 'full');
  Solve(4, 'full');
  Solve(5, 'full');
  Solve(6, 'full');
  Solve(7, 'full');
  Solve(8, 'full');
  Solve(9, 'full');
  Solve(10, 'full');
  Solve(1, 'half');
  Solve(2, 'half');
  Solve(3, 'half');
  Solve(4, 'half');
  Solve(5, 'half');
  Solve(6, 'half');
  Solve(7, 'half');
  Solve(8, 'half');
  Solve(9, 'half');
  Solve(10, 'half');
  Solve(8, 'listing');
end.
