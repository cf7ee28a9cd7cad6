"""Exhaustive runs (``portcheck fuzz ALGO --range FIRST..LAST``): every input of a range,
in shards, each shard run by the port's range-mode program and compared, as one digest,
with a second, fast (NumPy) implementation of the reference.  See docs/exhaustive.md."""
