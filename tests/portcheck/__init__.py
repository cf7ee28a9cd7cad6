"""The tool's tests: tests/portcheck/<package>/test_<module>.py tests
portcheck/<package>/<module>.py."""
