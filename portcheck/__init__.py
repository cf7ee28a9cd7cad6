"""portcheck: verify that one algorithm, ported to several languages, prints what its Python
reference prints, everywhere (see docs/architecture.md for how the package is arranged)."""
