// Формат reads its parameters as НСтр does (OneScript's FormatParametersList): the last
// value of a name wins, a name without "=" ends the list, and spaces after a last ";" read
// past the end of the text (.NET's ArgumentOutOfRangeException, as OneScript reports it).
Процедура П(Строка)
	Попытка
		Сообщить("[" + Строка + "] " + Формат(1234.5, Строка));
	Исключение
		Сообщить("[" + Строка + "] " + ИнформацияОбОшибке().Описание);
	КонецПопытки;
КонецПроцедуры

П("ЧДЦ=2");
П("ЧДЦ=2;");
П("ЧДЦ=2; ЧГ=0;");
П("ЧДЦ=2; ");
П("ЧДЦ=2; ЧДЦ=3");
П("ЧДЦ=3; ЧГ; ЧДЦ=1");
П("ЧРД='.'; ЧДЦ=1");
П("ЧРД="",""; ЧДЦ=1");
П("  ЧДЦ = 2 ;ЧН=нет");
П("Л=en_US; ЧДЦ=1 ; ");
Попытка
	Сообщить(НСтр("ru='а'; ", "ru"));
Исключение
	Сообщить("НСтр: " + ИнформацияОбОшибке().Описание);
КонецПопытки;
