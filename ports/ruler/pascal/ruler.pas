{ Puzzle 23 of the puzzle book: the ruler of length k with the fewest marks
  0 = a1 < a2 < ... < an = k that measures every length 1..k as a distance between two
  marks.

  The book's search: the ends are fixed, a2 = 1 (read from the other end, any ruler can be
  made to have it) and, as the book does, a(n-1) = k - 2 (method 'book'; method 'free'
  leaves it to the search). The other marks start packed to the left, a3 = 2, a4 = 3, ...;
  the last movable mark is advanced, and when it is at its end the one before it moves on
  and the later ones are packed behind it again. A ruler is rejected as soon as its
  differences repeat too often: n marks give n(n-1)/2 differences for k lengths, so only
  n(n-1)/2 - k may repeat. }
program Ruler;

{$mode objfpc}{$H+}

const
  MaxK = 30;

var
  A: array[1..MaxK + 1] of LongInt;
  Differences: Int64;  { differences formed: part of the search effort }

{ Whether the marks A[1..N] measure every length 1..K. }
function Complete(N, K: LongInt): Boolean;
var
  Seen: array[1..MaxK] of Boolean;
  Allowed, Repeats, I, J, D: LongInt;
begin
  Allowed := N * (N - 1) div 2 - K;  { repeats allowed }
  for I := 1 to K do Seen[I] := False;
  Repeats := 0;
  Result := False;
  for I := 2 to N do
    for J := 1 to I - 1 do
    begin
      Inc(Differences);
      D := A[I] - A[J];
      if Seen[D] then
      begin
        Inc(Repeats);
        if Repeats > Allowed then Exit;
      end;
      Seen[D] := True;
    end;
  Result := True;
end;

procedure Solve(K: LongInt; const Method: string);
var
  FixNearEnd: Boolean;
  Fixed, High, N, First, Last, I, J: LongInt;
  Tried: Int64;
begin
  FixNearEnd := (Method = 'book') and (K - 2 > 1);  { a(n-1) = k - 2 }
  if FixNearEnd then Fixed := 4 else if K > 1 then Fixed := 3 else Fixed := 2;
  if FixNearEnd then High := K - 3 else High := K - 1;  { the movable marks lie in 2..High }
  N := Fixed;
  while N * (N - 1) div 2 < K do Inc(N);
  Tried := 0;
  Differences := 0;
  while True do
  begin
    A[1] := 0;
    A[2] := 1;
    A[N] := K;
    if FixNearEnd then A[N - 1] := K - 2;
    First := 3;
    Last := N - Fixed + 2;  { the movable marks A[First..Last] }
    for I := First to Last do A[I] := I - 1;  { packed to the left }
    while (Last < First) or (A[Last] <= High) do
    begin
      Inc(Tried);
      if Complete(N, K) then
      begin
        WriteLn('отметок: ', N);
        Write('линейка:');
        for I := 1 to N do Write(' ', A[I]);
        WriteLn;
        WriteLn('испытано линеек: ', Tried);
        WriteLn('вычислено разностей: ', Differences);
        Exit;
      end;
      { Advance the last mark that can still move. }
      I := Last;
      while (I >= First) and (A[I] = High - (Last - I)) do Dec(I);
      if I < First then Break;
      Inc(A[I]);
      for J := I + 1 to Last do A[J] := A[J - 1] + 1;
    end;
    Inc(N);
  end;
end;

begin
  { Lines end with #10 on every platform, as on Linux. }
  SetTextLineEnding(Output, #10);
  Solve(2, 'book');
  Solve(1, 'book');
  Solve(3, 'book');
  Solve(4, 'book');
  Solve(5, 'book');
  Solve(6, 'book');
  Solve(7, 'book');
  Solve(8, 'book');
  Solve(9, 'book');
  Solve(10, 'book');
  Solve(11, 'book');
  Solve(12, 'book');
  Solve(13, 'book');
  Solve(14, 'book');
  Solve(15, 'book');
  Solve(16, 'book');
  Solve(17, 'book');
  Solve(18, 'book');
  Solve(19, 'book');
  Solve(20, 'book');
  Solve(21, 'book');
  Solve(22, 'book');
  Solve(23, 'book');
  Solve(24, 'book');
  Solve(25, 'book');
  Solve(26, 'book');
  Solve(27, 'book');
  Solve(28, 'book');
  Solve(29, 'book');
  Solve(30, 'book');
  Solve(1, 'free');
  Solve(2, 'free');
  Solve(3, 'free');
  Solve(4, 'free');
  Solve(5, 'free');
  Solve(6, 'free');
  Solve(7, 'free');
  Solve(8, 'free');
  Solve(9, 'free');
  Solve(10, 'free');
  Solve(11, 'free');
  Solve(12, 'free');
  Solve(13, 'free');
  Solve(14, 'free');
  Solve(15, 'free');
  Solve(16, 'free');
  Solve(17, 'free');
  Solve(18, 'free');
  Solve(19, 'free');
  Solve(20, 'free');
  Solve(21, 'free');
  Solve(22, 'free');
  Solve(23, 'free');
  Solve(24, 'free');
  Solve(25, 'free');
  Solve(26, 'free');
  Solve(27, 'free');
  Solve(28, 'free');
  Solve(29, 'free');
  Solve(30, 'free');
end.
