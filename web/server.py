"""``serve``: the score pad under waitress, in a thread of the service process.

Sized for a busy table on a Pi: every phone following the live stream holds one of
waitress's threads, so there are as many threads as phones allowed on the stream
(``max_live_phones``, 250) and some to spare for everybody else's requests; connections are
limited far above that (idle and half-sent ones cost no thread, only a socket), and a
connection that says nothing for ``channel_timeout`` is closed. The threads get small
stacks, so 300 of them fit a 32-bit Pi's address space.
"""

from __future__ import annotations

import logging
import resource
import threading
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from waitress.channel import HTTPChannel
from waitress.server import create_server

from web.app import close_app, create_app
from web.context import Recogniser

if TYPE_CHECKING:
    from companion.service import Companion

log = logging.getLogger("train_companion.web")

SPARE_THREADS = 16
"""Threads for requests other than the live stream, however many phones follow it."""
SPARE_CONNECTIONS = 250
"""Connections beyond the phones on the stream: page loads, API calls, idle sockets."""
THREAD_STACK_BYTES = 1024 * 1024


def raise_open_files_limit(needed: int) -> None:
    """Let the process hold ``needed`` sockets and files (up to the hard limit)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        log.info("open files limit raised from %d to %d", soft, wanted)


class Server:
    """A running score pad. ``url`` is where it answers; ``close()`` stops it."""

    def __init__(
        self, app, host: str, port: int, threads: int, connections: int, idle_timeout: float
    ) -> None:
        self.app = app
        # waitress reads a whole body before the app sees the request: it must refuse one
        # over the app's own limit itself, from the headers, or it spools gigabytes first
        self.max_body = int(app.config["MAX_CONTENT_LENGTH"])
        raise_open_files_limit(connections + 64)
        stack = threading.stack_size(THREAD_STACK_BYTES)  # for waitress's threads only
        try:
            self._server = self._create(app, host, port, threads, connections, idle_timeout)
        finally:
            threading.stack_size(stack)
        self.host = host
        self.port = int(self._server.effective_port)
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="web-server", daemon=True)
        self._thread.start()

    def _create(self, app, host, port, threads, connections, idle_timeout):
        return create_server(
            app,
            host=host,
            port=port,
            threads=threads,
            connection_limit=connections,
            channel_timeout=idle_timeout,
            cleanup_interval=min(30, idle_timeout),
            max_request_body_size=self.max_body,
            # lets a live stream see that its phone hung up (waitress.client_disconnected)
            channel_request_lookahead=1,
            ident="train-companion",
            clear_untrusted_proxy_headers=True,
        )

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/"

    def _run(self) -> None:
        server = self._server
        while not self._stopping.is_set():
            server.asyncore.loop(timeout=0.2, map=server._map, use_poll=True, count=1)
        for dispatcher in list(server._map.values()):
            try:
                if isinstance(dispatcher, HTTPChannel):
                    dispatcher.handle_close()  # a connection: its own clean-up
                else:
                    dispatcher.close()  # the listening socket and the wake-up trigger
            except OSError:  # already closed
                log.debug("closing %r failed", dispatcher, exc_info=True)
        server.task_dispatcher.shutdown(timeout=5)

    def close(self, timeout: float = 10.0) -> None:
        close_app(self.app)
        self._stopping.set()
        self._thread.join(timeout)

    def __enter__(self) -> Server:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def serve(
    companion: Companion,
    host: str = "127.0.0.1",
    port: int = 8080,
    config: Mapping[str, Any] | None = None,
    recognise_photo: Recogniser | None = None,
    threads: int | None = None,
) -> Server:
    """Serve the score pad for ``companion`` on ``host:port`` (port 0: any free port)."""
    config = dict(config or {})
    app = create_app(companion, config, recognise_photo)
    settings = app.extensions["train_companion"].settings
    live = settings.max_live_phones
    # every watching phone holds a thread; keep some for everybody else
    threads = threads or int(config.get("threads", live + SPARE_THREADS))
    # a stream sends a keep-alive every keepalive_seconds: it is never idle that long
    idle_timeout = max(30.0, 2 * settings.keepalive_seconds)
    return Server(app, host, port, threads, live + SPARE_CONNECTIONS, idle_timeout)
