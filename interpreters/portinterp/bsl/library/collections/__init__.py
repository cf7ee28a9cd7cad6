"""The collections of OneScript beyond Массив, Структура and Соответствие: the fixed ones,
СписокЗначений, ТаблицаЗначений, ДеревоЗначений, and the order they sort by."""
