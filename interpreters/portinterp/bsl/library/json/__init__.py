"""JSON as OneScript 1.9.2 reads and writes it (Newtonsoft's reader and writer): the tokens,
ЧтениеJSON and ПрочитатьJSON, ЗаписьJSON and ЗаписатьJSON."""
