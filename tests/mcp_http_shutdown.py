"""A graceful shutdown, seen by the official MCP Python SDK over HTTP.

Usage: mcp_http_shutdown.py URL SERVER_PID

Starts a call to `nap` (800 ms of blocking work), sends the server SIGTERM
while the call runs, and checks that the call is still answered in full.
The caller checks that the server then exits 0.
"""

import asyncio
import os
import signal
import sys

import mcp.types as types
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client


async def main(url: str, pid: int) -> None:
    async with streamable_http_client(url, terminate_on_close=False) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            # The SDK lists the tools to check a result against its output
            # schema: list them now, while the server still takes requests.
            await session.list_tools()
            call = asyncio.create_task(session.call_tool("nap", {"ms": 800}))
            await asyncio.sleep(0.3)
            os.kill(pid, signal.SIGTERM)
            print("sent SIGTERM during the call")
            result = await call
            texts = [b.text for b in result.content if isinstance(b, types.TextContent)]
            if (result.is_error, texts) != (False, ["slept 800 ms"]):
                raise AssertionError(f"the call in flight got {result.is_error} {texts}")
            print("ok: the call in flight was answered: slept 800 ms")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
