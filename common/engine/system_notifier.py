"""The system's own notifications (the desktop's corner, while the window is elsewhere), through the
desktop-notifier library: the library is loaded on a thread of its own, with its own event loop, the first time a
notification is sent or the service is asked about, never at the start; the frame loop never waits on it. Every
ask of the service is bounded in time, and a missing library or service, or one that fails, is one line
(`SystemNotifier.problem`), never a traceback."""
from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Literal, Protocol

from common.data.safe_text import one_line

ASK_S = 10.0  # the longest one ask of the notification service is waited for
LIBRARY = "desktop_notifier"
State = Literal["unknown", "checking", "ready", "missing"]


class Service(Protocol):
    """A notification service: whether the system shows notifications, and showing one (raises on failure)."""

    async def ready(self) -> bool: ...

    async def show(self, title: str, body: str) -> None: ...


Connect = Callable[[str, Path | None], Service]  # (the app's name, its icon) -> the service; may raise ImportError


class _Failures(logging.Handler):
    """Keeps the library's warnings (it logs a failed notification instead of raising it) as one line."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.last: str | None = None

    def emit(self, record: logging.LogRecord) -> None:
        error = record.exc_info[1] if record.exc_info else None
        self.last = f"{type(error).__name__}: {error}" if error is not None else record.getMessage()


class DesktopNotifierService:
    """desktop-notifier's notifier (D-Bus on Linux, the native centres on macOS and Windows)."""

    def __init__(self, app_name: str, icon: Path | None) -> None:
        from desktop_notifier import DesktopNotifier, Icon  # loaded here, on the notifier's thread

        log = logging.getLogger(LIBRARY)
        self.failures = next((h for h in log.handlers if isinstance(h, _Failures)), None) or _Failures()
        log.addHandler(self.failures)
        log.propagate = False  # its warnings are told as one line by the app, not printed with a traceback
        self.notifier = DesktopNotifier(app_name, Icon(path=icon) if icon is not None else None)

    async def ready(self) -> bool:
        """Whether the system shows notifications (a stand-in with no abilities, as on an unbundled macOS app,
        does not)."""
        return bool(await self.notifier.get_capabilities())

    async def show(self, title: str, body: str) -> None:
        self.failures.last = None
        await self.notifier.send(title, body)
        if self.failures.last is not None:
            raise RuntimeError(self.failures.last)


class Asked:
    """One ask of the notifier, answered on its thread: `wait()` for the answer (tests; the app never waits)."""

    def __init__(self) -> None:
        self.answer = False
        self._done = threading.Event()

    def give(self, answer: bool) -> None:
        self.answer = answer
        self._done.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Whether it was answered yes (False also when not answered within `timeout` s)."""
        return self._done.wait(timeout) and self.answer


class SystemNotifier:
    """Shows notifications on its own thread, one ask after another; `state` says whether the system has them
    (found on the first ask), and `problem` why not, or why the last one failed, in one line."""

    def __init__(self, app_name: str, icon: Path | None = None, connect: Connect = DesktopNotifierService) -> None:
        self.app_name, self.icon, self.connect = app_name, icon, connect
        self.state: State = "unknown"
        self.problem: str | None = None
        self._service: Service | None = None
        self._asks: queue.SimpleQueue[tuple[Callable[[], Awaitable[bool]], Asked]] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def check(self) -> Asked:
        """Find out on the notifier's thread whether the system shows notifications (asked again when it had
        none: a service may have started since)."""
        if self.state in ("unknown", "missing"):
            self.state = "checking"
        return self._ask(self._ready)

    def send(self, title: str, body: str) -> Asked:
        """Show a notification, on the notifier's thread; the answer tells whether it was shown."""
        title, body = one_line(title, 120), one_line(body, 240)
        return self._ask(lambda: self._send(title, body))

    def _ask(self, work: Callable[[], Awaitable[bool]]) -> Asked:
        asked = Asked()
        self._asks.put((work, asked))
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="notifications", daemon=True)
                self._thread.start()
        return asked

    def _run(self) -> None:
        """The notifier's thread: its own event loop (the service's connection lives on it), one ask at a time."""
        import asyncio  # loaded here, with the first ask: never by the frame loop

        loop = asyncio.new_event_loop()
        while True:
            work, asked = self._asks.get()
            asked.give(loop.run_until_complete(work()))

    async def _ready(self) -> bool:
        if self.state in ("unknown", "checking"):
            await self._ask_ready()
        return self.state == "ready"

    async def _ask_ready(self) -> None:
        import asyncio

        try:
            self._service = self.connect(self.app_name, self.icon)
            ready = await asyncio.wait_for(self._service.ready(), ASK_S)
            self.problem = None if ready else "no notification service answers"
        except ImportError:
            ready, self.problem = False, "the desktop-notifier library is not installed"
        except Exception as error:  # any failure of the service is its absence: the app goes on without it
            ready, self.problem = False, _why(error)
        self.state = "ready" if ready else "missing"

    async def _send(self, title: str, body: str) -> bool:
        import asyncio

        if not await self._ready() or self._service is None:
            return False
        try:
            await asyncio.wait_for(self._service.show(title, body), ASK_S)
        except Exception as error:  # a notification that fails is told once; the next one is tried again
            self.problem = _why(error)
            return False
        self.problem = None
        return True


def _why(error: BaseException) -> str:
    if isinstance(error, TimeoutError):
        return f"no answer in {ASK_S:g} s"
    return one_line(f"{type(error).__name__}: {error}", 160)
