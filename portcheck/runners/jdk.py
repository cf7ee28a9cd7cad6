"""The JDK as portcheck uses it, owned once for the Java runner, the Java batch and the
mutants' batch compiler: the Debian package that provides it, the options of ``javac`` and
``java``, and the ``java`` command that runs a compiled class."""

from __future__ import annotations

from pathlib import Path

from portcheck.runners.base import require_tool

PACKAGE = "openjdk-17-jdk-headless"
JAVAC_OPTIONS = ("-encoding", "UTF-8", "-Xlint:none")
# Measured in docs/runners.md: these start the JVM no slower than any other set tried, and
# short-lived programs gain nothing from the optimising JIT tier.
JAVA_OPTIONS = (
    "-Dfile.encoding=UTF-8",
    "-Dstdout.encoding=UTF-8",
    "-Dstderr.encoding=UTF-8",
    "-Xshare:auto",
    "-XX:TieredStopAtLevel=1",
)


def java_command(class_file: Path, *options: str) -> list[str]:
    """``java OPTIONS -cp FOLDER CLASS`` for a compiled ``class_file`` (the class is named
    after the file); :class:`ToolchainMissing` without a ``java``."""
    java = require_tool("java", PACKAGE)
    return [java, *options, "-cp", str(class_file.parent.absolute()), class_file.stem]
