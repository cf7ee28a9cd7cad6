"""The part every language shares: the IR (``ir``) and its walks (``walk``), the front-ends'
parsing and lowering helpers (``parsing``, ``lowering``, ``source``), and the compiler from
the IR to Python (``program``: ``compile_module`` gives a ``Program`` a runtime runs)."""
