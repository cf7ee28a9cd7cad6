// The preprocessor as OneScript 1.9.2 treats it: #Если/#ИначеЕсли/#Иначе/#КонецЕсли keep
// one branch (the symbol defined is the operating system's: Linux here), a branch left out
// may hold anything; #Область pairs;
#Область Начало

#Если Windows И Linux Тогда
этого здесь нет !!
#ИначеЕсли НЕ (Windows ИЛИ MacOS) И linux Тогда // a comment after Тогда
Сообщить("Linux, не Windows");
	#Если Windows Тогда
	Сообщить("вложенное: Windows");
	#Иначе
	Сообщить("вложенное: иначе");
	#КонецЕсли
#Иначе
!!??
#КонецЕсли

#КонецОбласти

#If Not Linux Then
Сообщить("not Linux");
#ElsIf Linux Then
Сообщить("Linux, по-английски");
#EndIf

#Region Second
Сообщить("Сервер определён: " + Ложь);
#Если Сервер ИЛИ Клиент Тогда
Сообщить("Сервер");
#КонецЕсли
#EndRegion
