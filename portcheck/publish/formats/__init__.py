"""The formats a listing is written in: ``md``, ``html``, ``tex``, ``pdf``."""

from __future__ import annotations

FORMATS = ("md", "html", "tex", "pdf")
SIDE_BY_SIDE_FORMATS = ("html", "pdf")
