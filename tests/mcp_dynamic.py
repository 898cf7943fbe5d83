"""Drives the dynamic tools example with the official MCP Python SDK: a tool
added while the server runs reaches the client as
`notifications/tools/list_changed` and the next `tools/list`, and so does
one removed.

Usage: mcp_dynamic.py SERVER_COMMAND [ARGS...]
       mcp_dynamic.py http://HOST:PORT/mcp

Exits non-zero with a message on the first mismatch; each check prints as
it passes.
"""

import asyncio
import json
import sys
from typing import Any

import mcp.types as types
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client


def check(label: str, actual: Any, expected: Any) -> None:
    if actual != expected:
        raise AssertionError(
            f"{label}\n  expected: {json.dumps(expected, indent=2, ensure_ascii=False)}"
            f"\n  actual:   {json.dumps(actual, indent=2, ensure_ascii=False)}"
        )
    print(f"ok: {label}")


def texts(result: types.CallToolResult) -> list[str]:
    return [block.text for block in result.content if isinstance(block, types.TextContent)]


class Changes:
    """Counts the `notifications/tools/list_changed` the client receives."""

    def __init__(self) -> None:
        self.count = 0
        self.arrived = asyncio.Event()

    async def handle(self, message: Any) -> None:
        if isinstance(message, types.ToolListChangedNotification):
            self.count += 1
            self.arrived.set()

    async def next(self) -> None:
        await asyncio.wait_for(self.arrived.wait(), timeout=30)
        self.arrived.clear()


async def names(session: ClientSession) -> list[str]:
    return [tool.name for tool in (await session.list_tools()).tools]


async def run(read: Any, write: Any) -> None:
    changes = Changes()
    async with ClientSession(read, write, message_handler=changes.handle) as session:
        init = await session.initialize()
        check(
            "initialize: the tools capability says the list changes",
            init.capabilities.tools.model_dump(by_alias=True, exclude_none=True),
            {"listChanged": True},
        )
        check("tools/list: the tools the server started with", await names(session), ["greet", "install", "uninstall"])

        installed = await session.call_tool("install", {"name": "shout"})
        check("install: the answer", texts(installed), ["installed shout"])
        await changes.next()
        check("a tool added: one list_changed", changes.count, 1)
        listed = await session.list_tools()
        check(
            "tools/list: the added tool, with its schema",
            [
                {"name": t.name, "description": t.description, "input_schema": t.input_schema}
                for t in listed.tools
                if t.name == "shout"
            ],
            [
                {
                    "name": "shout",
                    "description": "Shouts the text",
                    "input_schema": {
                        "type": "object",
                        "properties": {"text": {"type": "string", "description": "what to shout"}},
                        "required": ["text"],
                        "additionalProperties": False,
                    },
                }
            ],
        )
        check("tools/call: the added tool runs", texts(await session.call_tool("shout", {"text": "hi"})), ["HI"])
        refused = await session.call_tool("shout", {"txt": "hi"})
        check(
            "tools/call: the added tool's schema is enforced",
            (refused.is_error, texts(refused)),
            (
                True,
                [
                    'Invalid arguments: missing required property "text"',
                    'Invalid arguments: unknown property "txt" (did you mean "text"?); takes text',
                ],
            ),
        )

        again = await session.call_tool("install", {"name": "shout"})
        check(
            "install: a name taken is the tool's failure, and nothing changes",
            (again.is_error, texts(again), changes.count),
            (True, ['install failed: a tool named "shout" is already registered'], 1),
        )

        removed = await session.call_tool("uninstall", {"name": "shout"})
        check("uninstall: the answer", texts(removed), ["removed shout"])
        await changes.next()
        check("a tool removed: a second list_changed", changes.count, 2)
        check("tools/list: the removed tool is gone", await names(session), ["greet", "install", "uninstall"])
        try:
            await session.call_tool("shout", {"text": "hi"})
        except Exception as err:
            check(
                "tools/call: a removed tool is an unknown tool",
                str(err),
                'Unknown tool "shout"; available tools: greet, install, uninstall',
            )
        else:
            raise AssertionError("a removed tool still answered")


async def main(command: str, args: list[str]) -> None:
    if command.startswith("http://"):
        async with streamable_http_client(command) as (read, write, *_):
            await run(read, write)
    else:
        async with stdio_client(StdioServerParameters(command=command, args=args)) as (read, write):
            await run(read, write)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2:]))
