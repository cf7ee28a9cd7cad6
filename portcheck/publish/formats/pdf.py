"""A listing as a print-ready PDF: the HTML page laid out for A4 (every language side by
side: the handout, on A4 landscape) by WeasyPrint, an optional extra
(``pip install 'portcheck[pdf]'``) that needs Pango from the system (Debian:
``libpango-1.0-0 libpangoft2-1.0-0``)."""

from __future__ import annotations

from portcheck.errors import UsageError

INSTALL = ("PDF needs WeasyPrint and Pango: pip install 'portcheck[pdf]' and, on Debian, "
           "apt-get install libpango-1.0-0 libpangoft2-1.0-0")


def available() -> str | None:
    """None when PDF can be written here, else why not."""
    try:
        import weasyprint  # noqa: F401
    except (ImportError, OSError) as error:
        return f"{INSTALL} ({type(error).__name__}: {str(error).splitlines()[0]})"
    return None


def pdf(page_html: str) -> bytes:
    """The PDF of one HTML page (which carries its own CSS)."""
    why = available()
    if why:
        raise UsageError(why)
    import weasyprint

    return weasyprint.HTML(string=page_html, base_url=None).write_pdf()
