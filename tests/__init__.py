"""The tests of portcheck and of the suite it verifies, arranged as docs/testing.md says."""
