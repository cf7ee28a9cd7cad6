{ The escape tries in Free Pascal: `escape TRY VALUE` (tests/helpers/escapes.py). }
program Escape;

{$mode objfpc}{$H+}

uses BaseUnix, Unix, Sockets, SysUtils;

var
  Try_, Value, Line: string;
  F: TextFile;
  S: LongInt;
  Address: TInetSockAddr;
  Block: array of Byte;
  Chunk: array[0..1048575] of Byte;
  Output: File;
  N, I: Int64;

procedure Fail(const What: string);
begin
  WriteLn('ERR ', What);
  Halt(1);
end;

begin
  Try_ := ParamStr(1);
  Value := ParamStr(2);
  if Try_ = 'write' then
  begin
    AssignFile(F, Value);
    {$I-} if FileExists(Value) then Append(F) else Rewrite(F); {$I+}
    if IOResult <> 0 then Fail('write: ' + SysErrorMessage(GetLastOSError));
    WriteLn(F, 'x');
    CloseFile(F);
  end
  else if Try_ = 'read' then
  begin
    AssignFile(F, Value);
    {$I-} Reset(F); {$I+}
    if IOResult <> 0 then Fail('read: ' + SysErrorMessage(GetLastOSError));
    ReadLn(F, Line);
    WriteLn(Line);
    CloseFile(F);
  end
  else if Try_ = 'connect' then
  begin
    S := fpSocket(AF_INET, SOCK_STREAM, 0);
    Address.sin_family := AF_INET;
    Address.sin_port := htons(StrToInt(Value));
    Address.sin_addr := StrToNetAddr('127.0.0.1');
    if fpConnect(S, @Address, SizeOf(Address)) <> 0 then
      Fail('connect: ' + SysErrorMessage(SocketError));
  end
  else if Try_ = 'daemon' then
  begin
    if fpFork = 0 then
    begin
      fpSetSid;
      if fpFork = 0 then
      begin
        fpClose(0); fpClose(1); fpClose(2);
        fpExecLP('sleep', [Value]);
      end;
      fpExit(0);
    end;
    fpWait(S);
  end
  else if Try_ = 'fork' then
    while True do
    begin
      if fpFork = 0 then
        while True do fpPause;
    end
  else if Try_ = 'allocate' then
  begin
    SetLength(Block, Int64(8) * 1024 * 1024 * 1024);
    I := 0;
    while I < Length(Block) do
    begin
      Block[I] := 1;
      I := I + 4096;
    end;
  end
  else if Try_ = 'disk' then
  begin
    FillChar(Chunk, SizeOf(Chunk), Ord('x'));
    N := 0;
    while True do
    begin
      AssignFile(Output, Value + IntToStr(N) + '.bin');
      {$I-} Rewrite(Output, 1); {$I+}
      if IOResult <> 0 then Fail('disk');
      for I := 1 to 16 do
      begin
        {$I-} BlockWrite(Output, Chunk, SizeOf(Chunk)); {$I+}
        if IOResult <> 0 then Fail('disk');
      end;
      CloseFile(Output);
      N := N + 1;
    end;
  end
  else if Try_ = 'sleep' then
    while True do fpSleep(1000)
  else if Try_ = 'print' then
    while True do WriteLn('xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx');
  WriteLn('done');
end.
