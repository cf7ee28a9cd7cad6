"""What the tests share, imported as ``tests.helpers.<module>``: running portcheck, the
project's references and articles, ports a test writes, tools a test needs, processes."""
