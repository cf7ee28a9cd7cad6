{ Puzzle 21 of the puzzle book: the fewest queens that leave no free square on an n x n
  board (every square holds a queen or is attacked).

  The book's search: scan the board for a free square; if there is none, the board is
  blocked; if there is one, a queen must block it, so put a queen on a square that blocks
  it (the square itself or one attacking it) and scan again from the beginning. Rows that
  hold a queen are skipped (the book: "it is useless to scan them"). The last queen is put
  only where it blocks every free square left. k = 3, 4, ... queens are tried until a
  placement blocks the board. }
program QueensBlock;

{$mode objfpc}{$H+}

const
  MaxN = 8;

type
  TBoard = array[1..MaxN, 1..MaxN] of Boolean;

var
  N, K: LongInt;
  Variant: string;  { 'any', 'independent' or 'distinct-rows' }
  { The book's tables, counting queens: rows, columns, "sum" diagonals r + c - 1 and
    "difference" diagonals r - c + n. }
  Rows, Columns: array[1..MaxN] of LongInt;
  Sums, Diffs: array[1..2 * MaxN - 1] of LongInt;
  Queen, First: TBoard;
  { Tried[r, c]: the depth at which (r, c) was tried (0: not yet); later branches of that
    depth skip it, so each placement is found once. }
  Tried: array[1..MaxN, 1..MaxN] of LongInt;
  Placed, Found: Int64;  { queens put (the search effort), placements found }

function Blocks(R, C, TR, TC: LongInt): Boolean;
begin
  Result := (R = TR) or (C = TC) or (R + C = TR + TC) or (R - C = TR - TC);
end;

function Attacked(R, C: LongInt): Boolean;
begin
  Result := (Rows[R] > 0) or (Columns[C] > 0) or (Sums[R + C - 1] > 0)
    or (Diffs[R - C + N] > 0);
end;

procedure Mark(R, C, Step: LongInt);
begin
  Rows[R] := Rows[R] + Step;
  Columns[C] := Columns[C] + Step;
  Sums[R + C - 1] := Sums[R + C - 1] + Step;
  Diffs[R - C + N] := Diffs[R - C + N] + Step;
  Queen[R, C] := Step > 0;
end;

{ Whether the variant lets a queen stand on (R, C): any square for 'any'; a free one for
  'independent'; one in a row without a queen for 'distinct-rows'. }
function Allowed(R, C: LongInt): Boolean;
begin
  Result := ((Variant <> 'independent') or not Attacked(R, C))
    and ((Variant <> 'distinct-rows') or (Rows[R] = 0));
end;

{ Puts queen number Depth, or finds the board blocked. }
procedure Step(Depth: LongInt);
var
  FreeRow, FreeCol: array[1..MaxN * MaxN] of LongInt;
  Free, R, C, J: LongInt;
  Last, BlocksAll: Boolean;
begin
  { The free squares row by row: all of them for the last queen, else only the first. }
  Last := Depth = K;
  Free := 0;
  for R := 1 to N do
  begin
    if Rows[R] > 0 then Continue;  { a queen attacks its whole row }
    for C := 1 to N do
      if not Attacked(R, C) then
      begin
        Inc(Free);
        FreeRow[Free] := R;
        FreeCol[Free] := C;
        if not Last then Break;
      end;
    if (Free > 0) and not Last then Break;
  end;
  if Free = 0 then
  begin
    Inc(Found);
    if Found = 1 then First := Queen;
    Exit;
  end;
  if Depth > K then Exit;
  for R := 1 to N do
    for C := 1 to N do
    begin
      if not Blocks(R, C, FreeRow[1], FreeCol[1]) or (Tried[R, C] > 0)
        or not Allowed(R, C) then Continue;
      BlocksAll := True;
      J := 2;
      while Last and (J <= Free) and BlocksAll do
      begin
        BlocksAll := Blocks(R, C, FreeRow[J], FreeCol[J]);
        Inc(J);
      end;
      if not BlocksAll then Continue;
      Inc(Placed);
      Mark(R, C, 1);
      Step(Depth + 1);
      Mark(R, C, -1);
      Tried[R, C] := Depth;
    end;
  for R := 1 to N do
    for C := 1 to N do
      if Tried[R, C] = Depth then Tried[R, C] := 0;
end;

{ The most squares one queen blocks on an empty board. }
function MostBlocked: LongInt;
var
  R, C, TR, TC, Count: LongInt;
begin
  Result := 0;
  for R := 1 to N do
    for C := 1 to N do
    begin
      Count := 0;
      for TR := 1 to N do
        for TC := 1 to N do
          if Blocks(R, C, TR, TC) then Inc(Count);
      if Count > Result then Result := Count;
    end;
end;

procedure Block(Size: LongInt; const V: string);
var
  Most, R, C: LongInt;
begin
  N := Size;
  Variant := V;
  Most := MostBlocked;
  K := (N * N + Most - 1) div Most;
  WriteLn('один ферзь блокирует не больше полей: ', Most, ' из ', N * N);
  WriteLn('ферзей нужно не меньше: ', K);
  repeat
    FillChar(Rows, SizeOf(Rows), 0);
    FillChar(Columns, SizeOf(Columns), 0);
    FillChar(Sums, SizeOf(Sums), 0);
    FillChar(Diffs, SizeOf(Diffs), 0);
    FillChar(Queen, SizeOf(Queen), 0);
    FillChar(Tried, SizeOf(Tried), 0);
    Placed := 0;
    Found := 0;
    Step(1);
    WriteLn('k = ', K, ': расстановок ', Found, ', поставлено ферзей ', Placed);
    if Found = 0 then Inc(K);
  until Found > 0;
  WriteLn('наименьшее число ферзей: ', K);
  Write('первая расстановка:');
  for R := 1 to N do
    for C := 1 to N do
      if First[R, C] then Write(' (', R, ',', C, ')');
  WriteLn;
  for R := 1 to N do
  begin
    for C := 1 to N do
    begin
      if C > 1 then Write(' ');
      if First[R, C] then Write('Ф') else Write('.');
    end;
    WriteLn;
  end;
end;

begin
  { Lines end with #10 on every platform, as on Linux. }
  SetTextLineEnding(Output, #10);
  Block(1, 'any');
  Block(2, 'any');
  Block(3, 'any');
  Block(4, 'any');
  Block(5, 'any');
  Block(6, 'any');
  Block(7, 'any');
  Block(8, 'any');
  Block(1, 'independent');
  Block(2, 'independent');
  Block(3, 'independent');
  Block(4, 'independent');
  Block(5, 'independent');
  Block(6, 'independent');
  Block(7, 'independent');
  Block(8, 'independent');
  Block(1, 'distinct-rows');
  Block(2, 'distinct-rows');
  Block(3, 'distinct-rows');
  Block(4, 'distinct-rows');
  Block(5, 'distinct-rows');
  Block(6, 'distinct-rows');
  Block(7, 'distinct-rows');
  Block(8, 'distinct-rows');
end.
