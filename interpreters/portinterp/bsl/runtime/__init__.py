"""1C's run-time core: its values (numbers, strings, dates, collections, objects and the
registry of object types), how they compare, convert and print, the functions of the
language itself and the core of the runtime class (operators, items, loops, exceptions)."""
