"""Two sessions of the official MCP Python SDK on one Streamable HTTP server.

Usage: mcp_sessions.py http://HOST:PORT/mcp

The server is the conformance example. One session raises its log level to
`warning`; the other, which set none, still hears every message of the same
tool, and the first hears none. Exits non-zero on the first mismatch.
"""

import asyncio
import contextlib
import sys
import warnings
from typing import Any

import httpx2
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client


def check(label: str, actual: Any, expected: Any) -> None:
    if actual != expected:
        sys.exit(f"FAIL {label}:\n  expected {expected!r}\n  got      {actual!r}")
    print(f"ok  {label}")


class Logs:
    def __init__(self) -> None:
        self.seen: list[tuple[str, Any]] = []

    async def log(self, params: Any) -> None:
        self.seen.append((params.level, params.data))


async def main(url: str) -> None:
    quiet, loud = Logs(), Logs()
    async with contextlib.AsyncExitStack() as stack:
        sessions = []
        for logs in (quiet, loud):
            http = await stack.enter_async_context(httpx2.AsyncClient(timeout=30))
            read, write, *_ = await stack.enter_async_context(
                streamable_http_client(url, http_client=http)
            )
            session = await stack.enter_async_context(
                ClientSession(read, write, logging_callback=logs.log)
            )
            await session.initialize()
            sessions.append(session)
        first, second = sessions
        await first.set_logging_level("warning")
        await second.call_tool("test_tool_with_logging", {})
        await first.call_tool("test_tool_with_logging", {})
        check(
            "sessions: a level set in one session leaves the other's as it was",
            loud.seen,
            [
                ("info", "Tool execution started"),
                ("info", "Tool processing data"),
                ("info", "Tool execution completed"),
            ],
        )
        check("sessions: below its own level, a session hears nothing", quiet.seen, [])


if __name__ == "__main__":
    # Logging is deprecated for protocol versions to come; the server speaks 2025-11-25.
    warnings.filterwarnings("ignore", message="The logging capability is deprecated")
    asyncio.run(main(sys.argv[1]))
