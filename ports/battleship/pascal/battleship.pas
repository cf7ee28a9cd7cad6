{ Battleship: placing a fleet of ships of any shape, as the article
  "Игра «морской бой»: расстановка кораблей" builds it.

  Each ship's position is a key (row, column, rotation). A ship's keys come from a generator
  of three "rails", like an odometer: row, then column, then rotation turning fastest. The
  search places ship after ship; when a ship's keys run out it "signals up": the previous
  ship takes its next key. The numbers on every rail are shuffled (Microsoft C rand()), so
  each seed gives another placement; seed 0 leaves the rails unshuffled. }
program Battleship;

{$mode objfpc}{$H+}

const
  Turns = 4; { quarter turns clockwise about the anchor }
  RowRail = 0; ColRail = 1; TurnRail = 2; { the three rails, most significant first }

type
  TNumbers = array of LongInt;

var
  { The fleet: the field ('.' free, '#' forbidden), each ship's symbol and cells. }
  Field: array of string;
  Rows, Cols, Ships: LongInt;
  Exhaustive, Touching: Boolean;
  Symbols: string;
  DRow, DCol: array of TNumbers;     { each ship's cells, as offsets from its anchor }
  Taken: array of TNumbers;          { the number of the ship on each cell, or -1 }
  Rails: array of array[RowRail..TurnRail] of TNumbers;    { the numbers on each rail }
  Position: array of array[RowRail..TurnRail] of LongInt;  { where each rail stands }
  Key: array of array[RowRail..TurnRail] of LongInt;       { each ship's current key }
  { State of the Microsoft C rand(): below 2^31, so 214013 * RandState + 2531011 (below
    2^49) needs an Int64. }
  RandState: Int64;

function Rand: LongInt;
begin
  RandState := (214013 * RandState + 2531011) mod 2147483648;
  Result := RandState div 65536;
end;

{ The article's shuffle: ceil(N/2) swaps of two different numbers. }
procedure Shuffle(var Rail: TNumbers);
var
  N, Swap, A, B, Kept: LongInt;
begin
  N := Length(Rail);
  if N < 2 then
    Exit;
  for Swap := 1 to (N + 1) div 2 do
  begin
    A := Rand mod N;
    B := (A + 1 + Rand mod (N - 1)) mod N;
    Kept := Rail[A];
    Rail[A] := Rail[B];
    Rail[B] := Kept;
  end;
end;

procedure AddFieldLine(const Line: string);
begin
  SetLength(Field, Length(Field) + 1);
  Field[High(Field)] := Line;
end;

{ A ship drawn with '#', rows separated by '/'; its anchor is its first cell in reading
  order, and its cells are kept as offsets from the anchor. }
procedure AddShip(Symbol: Char; const Picture: string);
var
  { Initialised where declared: set anew on every call, never read unset. }
  Row: LongInt = 0;    { the row and column of Picture[I] }
  Col: LongInt = 0;
  Cells: LongInt = 0;  { the ship's cells so far }
  I, AnchorRow, AnchorCol: LongInt;
begin
  Ships := Ships + 1;
  SetLength(DRow, Ships);
  SetLength(DCol, Ships);
  Symbols := Symbols + Symbol;
  AnchorRow := 0;
  AnchorCol := 0;
  for I := 1 to Length(Picture) do
    if Picture[I] = '/' then
    begin
      Row := Row + 1;
      Col := 0;
    end
    else
    begin
      if Picture[I] = '#' then
      begin
        if Cells = 0 then
        begin
          AnchorRow := Row;
          AnchorCol := Col;
        end;
        Cells := Cells + 1;
        SetLength(DRow[Ships - 1], Cells);
        SetLength(DCol[Ships - 1], Cells);
        DRow[Ships - 1][Cells - 1] := Row - AnchorRow;
        DCol[Ships - 1][Cells - 1] := Col - AnchorCol;
      end;
      Col := Col + 1;
    end;
end;

{ The fleets. }
procedure SetUpFleet(const Name: string);
begin
  SetLength(Field, 0);
  Ships := 0;
  Symbols := '';
  if Name = 'classic' then
  begin
    AddFieldLine('..........');
    AddFieldLine('..........');
    AddFieldLine('..........');
    AddFieldLine('..........');
    AddFieldLine('..........');
    AddFieldLine('..........');
    AddFieldLine('..........');
    AddFieldLine('..........');
    AddFieldLine('..........');
    AddFieldLine('..........');
    AddShip('0', '####');
    AddShip('1', '###');
    AddShip('2', '###');
    AddShip('3', '##');
    AddShip('4', '##');
    AddShip('5', '##');
    AddShip('6', '#');
    AddShip('7', '#');
    AddShip('8', '#');
    AddShip('9', '#');
    Exhaustive := False; { search to the end, count every placement }
  end
  else if Name = 'letters' then
  begin
    AddFieldLine('.#.............');
    AddFieldLine('...#...#...#...');
    AddFieldLine('...#...#...#...');
    AddFieldLine('...............');
    AddFieldLine('.............#.');
    AddShip('R', '##./#.#/##./#.#/#.#');
    AddShip('A', '.#./#.#/###/#.#/#.#');
    AddShip('H', '#.#/#.#/###/#.#/#.#');
    AddShip('B', '##./#.#/##./#.#/##.');
    Exhaustive := False; { search to the end, count every placement }
  end
  else if Name = 'pair' then
  begin
    AddFieldLine('....');
    AddFieldLine('....');
    AddFieldLine('....');
    AddShip('1', '###');
    AddShip('2', '##');
    Exhaustive := True; { search to the end, count every placement }
  end
  else if Name = 'corner' then
  begin
    AddFieldLine('....');
    AddFieldLine('.#..');
    AddFieldLine('....');
    AddFieldLine('....');
    AddShip('L', '#./##');
    AddShip('2', '##');
    AddShip('3', '#');
    Exhaustive := True; { search to the end, count every placement }
  end
  else if Name = 'impossible' then
  begin
    AddFieldLine('...');
    AddFieldLine('.#.');
    AddFieldLine('...');
    AddShip('1', '###');
    AddShip('2', '###');
    AddShip('3', '##');
    Exhaustive := True; { search to the end, count every placement }
  end;
  Rows := Length(Field);
  Cols := Length(Field[0]);
end;

function Numbers(N: LongInt): TNumbers;
var
  I: LongInt;
begin
  Result := nil;
  SetLength(Result, N);
  for I := 0 to N - 1 do
    Result[I] := I;
end;

procedure SetUpRails(Seed: LongInt);
var
  S, Rail: LongInt;
begin
  SetLength(Rails, Ships);
  SetLength(Position, Ships);
  SetLength(Key, Ships);
  RandState := Seed;
  for S := 0 to Ships - 1 do
  begin
    Rails[S][RowRail] := Numbers(Rows);
    Rails[S][ColRail] := Numbers(Cols);
    Rails[S][TurnRail] := Numbers(Turns);
    if Seed <> 0 then { ship by ship: its row, column and rotation rails }
      for Rail := RowRail to TurnRail do
        Shuffle(Rails[S][Rail]);
    Position[S][RowRail] := 0;
    Position[S][ColRail] := 0;
    Position[S][TurnRail] := -1; { before the first key }
  end;
end;

{ The odometer: move the lowest rail; a rail that runs out goes back to its start and moves
  the one above it. False when the keys have run out. }
function NextKey(S: LongInt): Boolean;
var
  Rail, R: LongInt;
begin
  for Rail := TurnRail downto RowRail do
  begin
    Position[S][Rail] := Position[S][Rail] + 1;
    if Position[S][Rail] < Length(Rails[S][Rail]) then
    begin
      for R := RowRail to TurnRail do
        Key[S][R] := Rails[S][R][Position[S][R]];
      Exit(True);
    end;
    Position[S][Rail] := 0;
  end;
  Result := False;
end;

{ Cell I of ship S at its key, turned about the anchor. }
function CellRow(S, I: LongInt): LongInt;
begin
  case Key[S][TurnRail] of
    0: Result := Key[S][RowRail] + DRow[S][I];
    1: Result := Key[S][RowRail] + DCol[S][I];
    2: Result := Key[S][RowRail] - DRow[S][I];
  else
    Result := Key[S][RowRail] - DCol[S][I];
  end;
end;

function CellCol(S, I: LongInt): LongInt;
begin
  case Key[S][TurnRail] of
    0: Result := Key[S][ColRail] + DCol[S][I];
    1: Result := Key[S][ColRail] - DRow[S][I];
    2: Result := Key[S][ColRail] - DCol[S][I];
  else
    Result := Key[S][ColRail] + DRow[S][I];
  end;
end;

{ Is another ship on one of the eight cells around this one? }
function Touches(Row, Col: LongInt): Boolean;
var
  R, C: LongInt;
begin
  for R := Row - 1 to Row + 1 do
    for C := Col - 1 to Col + 1 do
      if (R >= 0) and (R < Rows) and (C >= 0) and (C < Cols) and (Taken[R][C] >= 0) then
        Exit(True);
  Result := False;
end;

function Fits(S: LongInt): Boolean;
var
  I, R, C: LongInt;
begin
  Result := False; { until every test is passed; the cheap one first: on the field }
  for I := 0 to High(DRow[S]) do
  begin
    R := CellRow(S, I);
    C := CellCol(S, I);
    if (R < 0) or (R >= Rows) or (C < 0) or (C >= Cols) then
      Exit;
  end;
  for I := 0 to High(DRow[S]) do
  begin
    R := CellRow(S, I);
    C := CellCol(S, I);
    if (Field[R][C + 1] = '#') or (Taken[R][C] >= 0) then
      Exit;
    if not Touching and Touches(R, C) then
      Exit;
  end;
  Result := True;
end;

{ Place ship S (Mark = S) or lift it (Mark = -1). }
procedure Put(S, Mark: LongInt);
var
  I: LongInt;
begin
  for I := 0 to High(DRow[S]) do
    Taken[CellRow(S, I)][CellCol(S, I)] := Mark;
end;

procedure PrintField;
var
  R, C: LongInt;
begin
  for R := 0 to Rows - 1 do
  begin
    for C := 0 to Cols - 1 do
      if Taken[R][C] >= 0 then
        Write(Symbols[Taken[R][C] + 1])
      else
        Write(Field[R][C + 1]);
    WriteLn;
  end;
end;

procedure Place(const Name: string; Seed: LongInt; const TouchingRule: string);
var
  Ship, R, S: LongInt;
  Tried, Valid, Raw: Int64;
begin
  SetUpFleet(Name);
  Touching := TouchingRule = 'allowed';
  SetLength(Taken, Rows, Cols);
  for R := 0 to Rows - 1 do
    for S := 0 to Cols - 1 do
      Taken[R][S] := -1;
  SetUpRails(Seed);
  Ship := 0; { the ship looking for a key; the ships before it are placed }
  Tried := 0;
  Valid := 0;
  while True do
  begin
    if Ship = Ships then { every ship is placed }
    begin
      Valid := Valid + 1;
      if Valid = 1 then
      begin
        PrintField;
        WriteLn('keys tried: ', Tried);
      end;
      if not Exhaustive then
        Exit;
      Ship := Ship - 1;
      Put(Ship, -1); { go on: the last ship takes its next key }
    end;
    if not NextKey(Ship) then { keys ran out: reset, and signal up }
    begin
      Position[Ship][RowRail] := 0;
      Position[Ship][ColRail] := 0;
      Position[Ship][TurnRail] := -1;
      if Ship = 0 then
        Break;
      Ship := Ship - 1;
      Put(Ship, -1);
      Continue;
    end;
    Tried := Tried + 1;
    if Fits(Ship) then
    begin
      Put(Ship, Ship);
      Ship := Ship + 1;
    end;
  end;
  if Valid = 0 then
  begin
    WriteLn('no placement');
    WriteLn('keys tried: ', Tried);
  end;
  if Exhaustive then
  begin
    Raw := 1;
    for S := 1 to Ships do
      Raw := Raw * Rows * Cols * Turns;
    WriteLn('whole search: ', Valid, ' valid keys of (', Rows, '*', Cols, '*', Turns, ')^',
            Ships, ' = ', Raw, ', ', Tried, ' keys tried');
  end;
end;

begin
  { Lines end with #10 on every platform, as on Linux. }
  SetTextLineEnding(Output, #10);
  Place('pair', 0, 'forbidden');
  Place('pair', 0, 'allowed');
  Place('pair', 5, 'forbidden');
  Place('letters', 0, 'forbidden');
  Place('letters', 0, 'allowed');
  Place('letters', 3, 'forbidden');
  Place('letters', 12345, 'allowed');
  Place('letters', 2, 'allowed');
  Place('corner', 0, 'forbidden');
  Place('corner', 9, 'allowed');
  Place('classic', 0, 'forbidden');
  Place('classic', 0, 'allowed');
  Place('classic', 1, 'forbidden');
  Place('classic', 7, 'forbidden');
  Place('classic', 2147483647, 'allowed');
  Place('impossible', 0, 'forbidden');
  Place('impossible', 4, 'allowed');
end.
