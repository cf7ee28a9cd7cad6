#Region Main
&AtClient
Procedure Hello(Name) Export
	Message("Hello, " + Name);
EndProcedure
#EndRegion

For i = 1 To 2 Do
	Hello("x" + String(i));
EndDo;
If True And Not False Then
	Message("ok");
EndIf;
Try
	Raise "boom";
Except
	Message(ErrorDescription());
EndTry;
arr = New Array;
arr.Add(1);
Message(arr.Count());
