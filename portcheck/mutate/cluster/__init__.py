"""``portcheck mutate --all``: the mutants of many ports run on a Dask cluster, resumable."""
