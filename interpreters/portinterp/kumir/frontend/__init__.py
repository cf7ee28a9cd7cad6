"""The school language's front-end: the line-by-line lexer and the grammar, the checks of
names and types, the lowering to the shared IR and the range analysis."""
