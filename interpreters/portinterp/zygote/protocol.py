"""What a harness and the zygote say to each other: ``READY`` once the zygote has imported
the interpreters, then one :class:`Request` per run (at most ``MAX_MESSAGE`` bytes) with
``DESCRIPTORS`` descriptors: the run's stdin, stdout, stderr and its channel."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass

READY = b"ready"
MAX_MESSAGE = 1 << 20  # a request: a command line and an environment
DESCRIPTORS = 4  # stdin, stdout, stderr, the run's channel


@dataclass(frozen=True)
class Request:
    """One run: what ``python -m portinterp.<language> *argv`` would be, in ``cwd``
    with exactly ``env``."""

    language: str
    argv: list[str]
    cwd: str
    env: dict[str, str]

    def encode(self) -> bytes:
        return json.dumps(asdict(self)).encode("utf-8")

    @classmethod
    def decode(cls, data: bytes) -> Request:
        return cls(**json.loads(data.decode("utf-8")))
