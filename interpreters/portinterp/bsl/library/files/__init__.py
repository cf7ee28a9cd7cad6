"""Files and bytes as OneScript's objects use them: ДвоичныеДанные, encodings, text
documents and readers, whole-file reads and writes, НайтиФайлы, ХешированиеДанных."""
