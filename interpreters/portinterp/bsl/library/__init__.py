"""1C's standard library as OneScript 1.9.2 has it: collections, JSON, XML, regular
expressions, .NET's formatting and decimals, time zones, text and binary files, hashing,
scripts as objects — each module emulating a part of OneScript's global context."""
