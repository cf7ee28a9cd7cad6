{ Puzzle 22 of the puzzle book: one chain of all the tiles of the double-n domino set, by
  the book's search: the chain starts with the number 0, then the first tile in the store
  that joins its end is laid; when none joins, the last tile goes back to the store and the
  next one that joins is tried.

  The representation ("choose it carefully", says the book):
  - InStore[a, b] is True while the tile a:b is in the store (kept equal to InStore[b, a]:
    one tile, seen from either end);
  - the chain is the list of numbers where tiles meet, X[0], ..., X[m]: tile i is
    X[i-1]:X[i], so "the first tile that joins x" is the smallest y with InStore[x, y]. }
program DominoChain;

{$mode objfpc}{$H+}

const
  MaxN = 6;
  MaxTiles = (MaxN + 1) * (MaxN + 2) div 2;
  CountUpTo = 4;  { the chains are counted for n up to 4 }

var
  N, Tiles: LongInt;
  CountAll, FoundOne: Boolean;
  InStore: array[0..MaxN, 0..MaxN] of Boolean;
  X, First: array[0..MaxTiles] of LongInt;
  Laid, Chains: Int64;  { tiles laid (the search effort), chains found }

{ Lays the next tile after Count tiles; True: stop searching. }
function Extend(Count: LongInt): Boolean;
var
  Y, EndNumber: LongInt;
begin
  Result := False;
  if Count = Tiles then
  begin
    Inc(Chains);
    if not FoundOne then
    begin
      First := X;
      FoundOne := True;
    end;
    Result := not CountAll;
    Exit;
  end;
  EndNumber := X[Count];
  for Y := 0 to N do
    if InStore[EndNumber, Y] then
    begin
      InStore[EndNumber, Y] := False;
      InStore[Y, EndNumber] := False;
      X[Count + 1] := Y;
      Inc(Laid);
      Result := Extend(Count + 1);
      InStore[EndNumber, Y] := True;
      InStore[Y, EndNumber] := True;
      if Result then Exit;
    end;
end;

procedure Domino(Size: LongInt);
var
  A, B, I: LongInt;
  Every: Int64;
begin
  N := Size;
  Tiles := (N + 1) * (N + 2) div 2;
  WriteLn('шашек: ', Tiles);
  { Each number is on n + 2 halves (n tiles with another number, and both halves of its
    double). Inside a chain numbers come in pairs, so if more than the two ends are odd,
    there is no chain. }
  if (N + 2) mod 2 = 1 then
  begin
    Write('на нечётном числе половинок:');
    for A := 0 to N do Write(' ', A);
    WriteLn;
    WriteLn('цепочки нет: внутри цепочки каждое число встречается парами');
    WriteLn('положено шашек: 0');
    Exit;
  end;
  CountAll := N <= CountUpTo;
  for A := 0 to N do
    for B := 0 to N do
      InStore[A, B] := True;
  FoundOne := False;
  Laid := 0;
  Chains := 0;
  X[0] := 0;
  Extend(0);
  Write('первая цепочка:');
  for I := 1 to Tiles do Write(' ', First[I - 1], ':', First[I]);
  WriteLn;
  { Every number plays the same part in the set, so as many chains start with 1, 2, ...
    as with 0; each chain is counted twice, once from each end. }
  if CountAll then
  begin
    Every := Chains * (N + 1);
    WriteLn('цепочек от 0: ', Chains, ', всех: ', Every, ', различных: ', Every div 2);
  end;
  WriteLn('положено шашек: ', Laid);
end;

begin
  { Lines end with #10 on every platform, as on Linux. }
  SetTextLineEnding(Output, #10);
  Domino(2);
  Domino(3);
  Domino(4);
  Domino(5);
  Domino(6);
end.
