"""Headless Chromium for the tests of the HTML pages: Debian's ``chromium`` driven over the
DevTools protocol on a pipe (``--remote-debugging-pipe``: commands on fd 3, answers and
events on fd 4, each message JSON ending with a NUL byte).

Why not a library: Playwright and Puppeteer download a browser build of their own (which
cannot be fetched here), and the protocol over a pipe is a few JSON messages, with no port
to open; so this small client drives the system's browser itself.
"""

from __future__ import annotations

import base64
import json
import os
import queue
import shutil
import subprocess
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-extensions", "--remote-debugging-pipe")
TIMEOUT = 30.0
STDERR = subprocess.DEVNULL


def find_chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


@dataclass
class PageVisit:
    url: str
    links: list[str]  # every <a href>, as the browser resolved it
    problems: list[str] = field(default_factory=list)  # console errors, exceptions, failures
    screenshot: bytes = b""


class ProtocolError(Exception):
    pass


class Chromium:
    """One browser process for a test; ``visit(url)`` loads a page in a new tab."""

    def __init__(self, executable: str) -> None:
        self.profile = tempfile.mkdtemp(prefix="portcheck-chromium-")
        to_browser, self._commands = os.pipe()
        self._answers, from_browser = os.pipe()

        def pipes_as_3_and_4() -> None:  # in the child, before chromium starts
            high = os.dup(to_browser), os.dup(from_browser)  # out of 3 and 4's way
            os.dup2(high[0], 3)  # inheritable, as dup2 makes them
            os.dup2(high[1], 4)

        self.process = subprocess.Popen(
            [executable, *FLAGS, f"--user-data-dir={self.profile}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=STDERR,
            preexec_fn=pipes_as_3_and_4, close_fds=False, start_new_session=True)
        os.close(to_browser)
        os.close(from_browser)
        self._next_id = 0
        self._messages: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self._events: list[dict[str, Any]] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        buffer = b""
        with os.fdopen(self._answers, "rb", buffering=0) as stream:
            while chunk := stream.read(65536):
                buffer += chunk
                while b"\0" in buffer:
                    message, buffer = buffer.split(b"\0", 1)
                    self._messages.put(json.loads(message))
        self._messages.put(None)

    def send(self, method: str, session: str | None = None, **params: Any) -> dict[str, Any]:
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self._commands, json.dumps(message).encode() + b"\0")
        while True:
            answer = self._take()
            if answer.get("id") == self._next_id:
                if "error" in answer:
                    raise ProtocolError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self._events.append(answer)

    def wait_for(self, method: str, session: str) -> None:
        for n, event in enumerate(self._events):
            if event.get("method") == method and event.get("sessionId") == session:
                del self._events[n]
                return
        while True:
            event = self._take()
            if event.get("method") == method and event.get("sessionId") == session:
                return
            self._events.append(event)

    def _take(self) -> dict[str, Any]:
        try:
            message = self._messages.get(timeout=TIMEOUT)
        except queue.Empty:
            raise ProtocolError(f"no answer from chromium in {TIMEOUT:g} s") from None
        if message is None:
            raise ProtocolError("chromium closed the pipe")
        return message

    def visit(self, url: str, width: int = 1280, height: int = 900,
              screenshot: bool = True) -> PageVisit:
        target = self.send("Target.createTarget", url="about:blank")["targetId"]
        session = self.send("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.send(f"{domain}.enable", session)
        self.send("Emulation.setDeviceMetricsOverride", session, width=width, height=height,
                  deviceScaleFactor=1, mobile=False)
        self._events.clear()
        navigated = self.send("Page.navigate", session, url=url)
        visit = PageVisit(url, [])
        if navigated.get("errorText"):
            visit.problems.append(f"navigation failed: {navigated['errorText']}")
            return visit
        self.wait_for("Page.loadEventFired", session)
        links = self.send("Runtime.evaluate", session, returnByValue=True, expression=(
            "Array.from(document.querySelectorAll('a[href]'), a => a.href)"))
        visit.links = links["result"]["value"]
        if screenshot:
            shot = self.send("Page.captureScreenshot", session, format="png")
            visit.screenshot = base64.b64decode(shot["data"])
        visit.problems += [p for e in self._events if e.get("sessionId") == session
                           if (p := _problem(e))]
        self.send("Target.closeTarget", targetId=target)
        return visit

    def tab(self, url: str, width: int = 1280, height: int = 900,
            media: str | None = None) -> Tab:
        """``url`` loaded in a new tab of ``width`` × ``height`` CSS pixels (``media``:
        ``print`` lays the page out as it prints), to measure, photograph or print."""
        target = self.send("Target.createTarget", url="about:blank")["targetId"]
        session = self.send("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.send("Page.enable", session)
        self.send("Emulation.setDeviceMetricsOverride", session, width=width, height=height,
                  deviceScaleFactor=1, mobile=False)
        if media:
            self.send("Emulation.setEmulatedMedia", session, media=media)
        self.send("Page.navigate", session, url=url)
        self.wait_for("Page.loadEventFired", session)
        return Tab(self, target, session)

    def close(self) -> None:
        try:
            self.send("Browser.close")
        except (ProtocolError, OSError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, 9)
            self.process.wait()
        os.close(self._commands)
        shutil.rmtree(self.profile, ignore_errors=True)


def _problem(event: dict[str, Any]) -> str | None:
    """What a page event says went wrong: a console error, an exception, a failed load."""
    method, params = event.get("method"), event.get("params", {})
    if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
        return "console error: " + " ".join(str(a.get("value", a.get("description", "")))
                                            for a in params.get("args", []))
    if method == "Runtime.exceptionThrown":
        return "exception: " + params.get("exceptionDetails", {}).get("text", "")
    if method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
        entry = params["entry"]
        return f"log error: {entry.get('text', '')} {entry.get('url', '')}".rstrip()
    return None


def save(visit: PageVisit, path: Path) -> None:
    path.write_bytes(visit.screenshot)


@dataclass
class Tab:
    """A loaded page: measure it (``evaluate``), photograph it, print it to PDF."""

    browser: Chromium
    target: str
    session: str

    def evaluate(self, expression: str) -> Any:
        answer = self.browser.send("Runtime.evaluate", self.session, returnByValue=True,
                                   expression=expression)
        if "exceptionDetails" in answer:
            raise ProtocolError(f"{expression}: {answer['exceptionDetails'].get('text')}")
        return answer["result"].get("value")

    def screenshot(self) -> bytes:
        shot = self.browser.send("Page.captureScreenshot", self.session, format="png")
        return base64.b64decode(shot["data"])

    def print_to_pdf(self, **options: Any) -> bytes:
        """The page printed as the browser prints it (``Page.printToPDF``; the page's own
        ``@page`` size when ``preferCSSPageSize``)."""
        printed = self.browser.send("Page.printToPDF", self.session, **options)
        return base64.b64decode(printed["data"])

    def close(self) -> None:
        self.browser.send("Target.closeTarget", targetId=self.target)
