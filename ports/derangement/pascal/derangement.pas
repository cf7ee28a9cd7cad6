{ Numbered derangements, as a reader proposes under the article: number every derangement
  of N cards (no card left in its own place) in lexicographic order from 0, draw one
  number, deal that derangement.  This program prints D(N), how many there are, the
  derangement with a given number, and the number computed back from its cards.

  Both directions count completions: with M places left to fill, F of which may not take
  their own card (it is still unplaced), there are W[M, F] ways:
    W[M, 0] = M!,  W[M, F] = W[M, F - 1] - W[M - 1, F - 1],  and D(N) = W[N, N].
  The largest of them is W[20, 0] = 20! = 2432902008176640000, below 2^63: an Int64 holds
  it.  Overflow and range checks are on, so a mistake would stop the program rather than
  print a wrong number. }
program Derangement;

{$mode objfpc}{$H+}{$Q+}{$R+}

const
  MaxN = 20;

type
  TCards = array[0..MaxN - 1] of LongInt;
  TPlaced = array[0..MaxN - 1] of Boolean;

var
  W: array[0..MaxN, 0..MaxN] of Int64;

procedure FillWays;
var
  M, F: LongInt;
begin
  W[0, 0] := 1;
  for M := 1 to MaxN do
  begin
    W[M, 0] := M * W[M - 1, 0];
    for F := 1 to M do
      W[M, F] := W[M, F - 1] - W[M - 1, F - 1];
  end;
end;

{ How many places after Place still wait for their own card. }
function FreePlaces(N: LongInt; const Placed: TPlaced; Place: LongInt): LongInt;
var
  Card: LongInt;
begin
  Result := 0;
  for Card := Place + 1 to N - 1 do
    if not Placed[Card] then
      Inc(Result);
end;

{ The completions left after card Card goes to place Place. }
function Completions(N, Place, Free, Card: LongInt): Int64;
begin
  if Card > Place then
    Dec(Free);  { that card's own place no longer waits for it }
  Result := W[N - Place - 1, Free];
end;

{ The derangement number Index: card C (0 to N - 1) never at place C. }
procedure FindDerangement(N: LongInt; Index: Int64; out Cards: TCards);
var
  Placed: TPlaced;
  Place, Free, Card: LongInt;
begin
  Placed := Default(TPlaced);  { all False: no card placed yet }
  for Place := 0 to N - 1 do
  begin
    Free := FreePlaces(N, Placed, Place);
    Card := 0;
    while Card < N do
    begin
      if not Placed[Card] and (Card <> Place) then
      begin
        if Index < Completions(N, Place, Free, Card) then
          Break;
        Index := Index - Completions(N, Place, Free, Card);
      end;
      Inc(Card);
    end;
    Placed[Card] := True;
    Cards[Place] := Card;
  end;
end;

{ The number of a derangement: how many derangements come before it. }
function IndexOf(N: LongInt; const Cards: TCards): Int64;
var
  Placed: TPlaced;
  Place, Free, Card: LongInt;
begin
  Placed := Default(TPlaced);  { all False: no card placed yet }
  Result := 0;
  for Place := 0 to N - 1 do
  begin
    Free := FreePlaces(N, Placed, Place);
    for Card := 0 to Cards[Place] - 1 do
      if not Placed[Card] and (Card <> Place) then
        Result := Result + Completions(N, Place, Free, Card);
    Placed[Cards[Place]] := True;
  end;
end;

procedure Show(N: LongInt; Index: Int64);
var
  Cards: TCards;
  Place: LongInt;
begin
  FindDerangement(N, Index, Cards);
  WriteLn('D(', N, ') = ', W[N, N]);
  Write('derangement ', Index, ':');
  for Place := 0 to N - 1 do
    Write(' ', Cards[Place] + 1);
  WriteLn;
  WriteLn('its index: ', IndexOf(N, Cards));
end;

begin
  { Lines end with #10 on every platform, as on Linux. }
  SetTextLineEnding(Output, #10);
  FillWays;
  Show(2, 0);
  Show(3, 1);
  Show(4, 0);
  Show(4, 8);
  Show(10, 12345);
  Show(12, 176214840);
  Show(13, 0);
  Show(18, 1000000000000000);
  Show(20, 0);
  Show(20, 447507315596451060);
  Show(20, 895014631192902120);
end.
