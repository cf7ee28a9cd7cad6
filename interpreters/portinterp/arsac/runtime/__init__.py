"""The puzzle book's language's run-time: whole numbers of any size, tables indexed from 1,
``ВЫВЕСТИ``'s formatting and the runtime class."""
