{ The rail shuffle of the article "Игра «морской бой»: расстановка кораблей": how often do
  ceil(N/2) swaps leave no number in its place?

  The article swaps ceil(N/2) times the numbers at a = rand() % N and
  b = (a + 1 + rand() % (N - 1)) % N. Here every sequence of the values of rand() % N and
  rand() % (N - 1) is tried, depth first, like an odometer, and the sequences that move
  every number are counted. }
program RailShuffle;

{$mode objfpc}{$H+}

var
  N, Swaps: LongInt;
  Rail: array of LongInt;
  InPlace: LongInt; { how many numbers are still in their place }

procedure Swap(A, B: LongInt);
var
  Kept: LongInt;
begin
  InPlace := InPlace - Ord(Rail[A] = A) - Ord(Rail[B] = B);
  Kept := Rail[A];
  Rail[A] := Rail[B];
  Rail[B] := Kept;
  InPlace := InPlace + Ord(Rail[A] = A) + Ord(Rail[B] = B);
end;

{ Derangements among the sequences that go on after Step swaps. }
function After(Step: LongInt): Int64;
var
  First, Second, A, B: LongInt;
begin
  if Step = Swaps then
    Exit(Ord(InPlace = 0));
  { Each swap moves at most two numbers: go on only while the swaps left can still move
    every number left in place. }
  if InPlace > 2 * (Swaps - Step) then
    Exit(0);
  Result := 0;
  for First := 0 to N - 1 do       { rand() % N }
    for Second := 0 to N - 2 do    { rand() % (N - 1) }
    begin
      A := First;
      B := (A + 1 + Second) mod N;
      Swap(A, B);
      Result := Result + After(Step + 1);
      Swap(A, B); { undo }
    end;
end;

function Gcd(X, Y: Int64): Int64;
begin
  if Y = 0 then
    Result := X
  else
    Result := Gcd(Y, X mod Y);
end;

procedure Report(Size: LongInt);
var
  I: LongInt;
  Total, Good, Common: Int64;
begin
  N := Size;
  Swaps := (N + 1) div 2;
  SetLength(Rail, N);
  for I := 0 to N - 1 do
    Rail[I] := I;
  InPlace := N;
  Total := 1; { (N(N-1))^Swaps: below 2^63 for every N up to 15 }
  for I := 1 to Swaps do
    Total := Total * N * (N - 1);
  { Renaming the numbers turns any first swap into any other and keeps the count of
    sequences that go on to move every number: so only the first swap A = 0, B = 1 is
    tried, and it stands for all N(N-1) first swaps. }
  Swap(0, 1);
  Good := Int64(N) * (N - 1) * After(1);
  Common := Gcd(Good, Total);
  Write('n = ', N, ', ', Swaps, ' swap');
  if Swaps > 1 then
    Write('s');
  WriteLn(': ', Good, ' of ', Total, ' value sequences leave no number in place: ',
          'probability ', Good div Common, '/', Total div Common);
end;

begin
  { Lines end with #10 on every platform, as on Linux. }
  SetTextLineEnding(Output, #10);
  Report(2);
  Report(3);
  Report(4);
  Report(5);
  Report(6);
  Report(7);
  Report(8);
  Report(10);
end.
