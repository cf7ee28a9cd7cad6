"""The files portcheck reads and writes: the suite's YAML and text (parsed once, errors naming
file and line, written atomically) and the cache folder of what can be made again."""
