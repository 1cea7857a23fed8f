"""Forward TCP connections on ADDRESS:PORT to PostgreSQL's Unix socket (run inside the data host).

The machine's PostgreSQL listens on 127.0.0.1 of the host's own network only; the web and worker
namespaces reach it over the private LAN through this, as they would reach a database host.

    python pg_forward.py 10.231.0.20 5432 /var/run/postgresql/.s.PGSQL.5432
"""

from __future__ import annotations

import asyncio
import sys


async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    except (ConnectionError, OSError):
        pass
    finally:
        writer.close()


async def main(address: str, port: int, socket_path: str) -> None:
    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            db_reader, db_writer = await asyncio.open_unix_connection(socket_path)
        except OSError:
            writer.close()
            return
        await asyncio.gather(pipe(reader, db_writer), pipe(db_reader, writer))

    server = await asyncio.start_server(handle, address, port)
    print(f"forwarding {address}:{port} to {socket_path}", flush=True)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), sys.argv[3]))
