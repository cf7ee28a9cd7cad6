"""The command line: ``main`` builds the parser and runs a subcommand; each subcommand is one
module here that owns its parser (``add_parser``) and its handler (``handle``), and
``options`` holds what their parsers share."""
