"""The goldens: each algorithm's expected outputs as the reference wrote them
(``golden/<algorithm>.yaml``), checked against the reference and updated only on request, and
which golden cases nothing uses."""
