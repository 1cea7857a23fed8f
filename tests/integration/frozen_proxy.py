"""A TCP proxy that can freeze: while frozen it keeps every connection open and accepts new ones,
but forwards no byte either way (what it reads it holds until it thaws) — a database that stopped
answering without closing anything, as a black-holed network or a stuck proxy looks to a client."""

from __future__ import annotations

import contextlib
import socket
import threading


class FrozenProxy:
    def __init__(self, upstream: tuple[str, int]) -> None:
        self.upstream = upstream
        self.flowing = threading.Event()
        self.flowing.set()
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = int(self.server.getsockname()[1])
        self.sockets: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def freeze(self) -> None:
        self.flowing.clear()

    def thaw(self) -> None:
        self.flowing.set()

    def close(self) -> None:
        self.flowing.set()
        for sock in [self.server, *self.sockets]:
            with contextlib.suppress(OSError):
                sock.close()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.server.accept()
                server = socket.create_connection(self.upstream)
            except OSError:
                return
            self.sockets += [client, server]
            threading.Thread(target=self._pump, args=(client, server), daemon=True).start()
            threading.Thread(target=self._pump, args=(server, client), daemon=True).start()

    def _pump(self, source: socket.socket, target: socket.socket) -> None:
        try:
            while True:
                self.flowing.wait()
                data = source.recv(65536)
                self.flowing.wait()  # read while frozen: held until the thaw
                if not data:
                    break
                target.sendall(data)
        except OSError:
            pass
        with contextlib.suppress(OSError):
            target.shutdown(socket.SHUT_WR)
