{ How fair is "swap every card with a random one"?  The article's pass over N cards makes
  N draws of nextInt(N): N^N equally likely sequences of draws.  This program goes through
  every sequence, counts the order of the cards each one gives, and prints every order's
  probability as an exact fraction, then the most and the least likely order.
  Fisher-Yates (position I = N - 1 down to 1 swapped with nextInt(I + 1)) has N!
  sequences, one for each order.
  N^N is at most 7^7 = 823543, so a LongInt holds every count; overflow and range checks
  are on, so a mistake would stop the program rather than print a wrong number. }
program ShuffleBias;

{$mode objfpc}{$H+}{$Q+}{$R+}

const
  Methods: array[0..1] of string = ('naive', 'fisher-yates');

var
  N: LongInt;
  Method: LongInt;            { 0: the article's pass, 1: Fisher-Yates }
  Steps: LongInt;             { how many swaps the shuffle makes }
  Deck: array of LongInt;     { Deck[P]: the card (0 to N - 1) at position P, top first }
  Weight: array of LongInt;   { Weight[P] = N^(N - 1 - P) }
  Code: LongInt;              { the deck as an N-digit number in base N, top card first }
  Ways: array of LongInt;     { Ways[Code]: how many sequences of draws give that deck }
  Used: array of Boolean;
  Total, Most, Least: LongInt;

{ Swaps the cards at positions P and R, keeping Code up to date. }
procedure Swap(P, R: LongInt);
var
  A, B: LongInt;
begin
  A := Deck[P];
  B := Deck[R];
  Deck[P] := B;
  Deck[R] := A;
  Code := Code + (B - A) * (Weight[P] - Weight[R]);
end;

{ Every sequence of the draws from swap number Step on. }
procedure Draw(Step: LongInt);
var
  P, Last, R: LongInt;
begin
  if Step = Steps then
  begin
    Inc(Ways[Code]);
    Exit;
  end;
  if Method = 0 then
  begin
    P := Step;          { the position swapped }
    Last := N - 1;      { the draw gives 0 to Last }
  end
  else
  begin
    P := N - 1 - Step;
    Last := P;
  end;
  for R := 0 to Last do
  begin
    Swap(P, R);
    Draw(Step + 1);
    Swap(P, R);         { the same swap undoes it }
  end;
end;

function Gcd(A, B: LongInt): LongInt;
begin
  if B = 0 then
    Result := A
  else
    Result := Gcd(B, A mod B);
end;

procedure WriteFraction(Numerator, Denominator: LongInt);
var
  G: LongInt;
begin
  G := Gcd(Numerator, Denominator);
  Write(Numerator div G, '/', Denominator div G);
end;

procedure WriteCards(DeckCode: LongInt);
var
  P: LongInt;
begin
  for P := 0 to N - 1 do
    Write(DeckCode div Weight[P] mod N + 1);
end;

{ Every order of the cards in lexicographic order: the smallest top card first, and so on. }
procedure ListOrders(Place, OrderCode: LongInt);
var
  Card: LongInt;
begin
  if Place = N then
  begin
    WriteCards(OrderCode);
    Write(' ');
    WriteFraction(Ways[OrderCode], Total);
    WriteLn;
    if (Most < 0) or (Ways[OrderCode] > Ways[Most]) then
      Most := OrderCode;
    if (Least < 0) or (Ways[OrderCode] < Ways[Least]) then
      Least := OrderCode;
    Exit;
  end;
  for Card := 0 to N - 1 do
    if not Used[Card] then
    begin
      Used[Card] := True;
      ListOrders(Place + 1, OrderCode + Card * Weight[Place]);
      Used[Card] := False;
    end;
end;

procedure Odds(CardCount, MethodCode: LongInt);
var
  P, Step: LongInt;
begin
  N := CardCount;
  Method := MethodCode;
  if Method = 0 then
    Steps := N
  else
    Steps := N - 1;
  SetLength(Deck, N);
  SetLength(Weight, N);
  SetLength(Used, N);
  Weight[N - 1] := 1;
  for P := N - 2 downto 0 do
    Weight[P] := Weight[P + 1] * N;
  Code := 0;
  for P := 0 to N - 1 do
  begin
    Deck[P] := P;
    Code := Code + P * Weight[P];
    Used[P] := False;
  end;
  Ways := nil;
  SetLength(Ways, Weight[0] * N);  { filled with zeros }
  Draw(0);
  Total := 1;
  for Step := 0 to Steps - 1 do
    if Method = 0 then
      Total := Total * N
    else
      Total := Total * (N - Step);
  WriteLn(Methods[Method], ', n = ', N, ': ', Total, ' sequences of draws');
  Most := -1;
  Least := -1;
  ListOrders(0, 0);
  Write('most likely: ');
  WriteCards(Most);
  Write(' ');
  WriteFraction(Ways[Most], Total);
  WriteLn;
  Write('least likely: ');
  WriteCards(Least);
  Write(' ');
  WriteFraction(Ways[Least], Total);
  WriteLn;
  Write('ratio: ');
  WriteFraction(Ways[Most], Ways[Least]);
  WriteLn;
end;

begin
  { Lines end with #10 on every platform, as on Linux. }
  SetTextLineEnding(Output, #10);
  Odds(3, 0);  { naive }
  Odds(4, 0);  { naive }
  Odds(5, 0);  { naive }
  Odds(6, 0);  { naive }
  Odds(7, 0);  { naive }
  Odds(3, 1);  { fisher-yates }
  Odds(4, 1);  { fisher-yates }
  Odds(5, 1);  { fisher-yates }
  Odds(6, 1);  { fisher-yates }
  Odds(7, 1);  { fisher-yates }
end.
