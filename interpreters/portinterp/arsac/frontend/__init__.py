"""The puzzle book's language's front-end: the grammar and the parser, the checks, the
lowering to the shared IR and the whole-number specialisation."""
