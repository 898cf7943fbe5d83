"""Drives the example MCP server with the official MCP Python SDK.

Usage: mcp_client.py EXPECTED_TOOLS_JSON SERVER_COMMAND [ARGS...]
       mcp_client.py EXPECTED_TOOLS_JSON http://HOST:PORT/mcp --sessions|--no-sessions

EXPECTED_TOOLS_JSON is the canonical export of the example tools
(`[{"name", "description", "input_schema"}]`); `tools/list` must give exactly
those. A command is run and spoken to over stdio; a URL is spoken to over
Streamable HTTP, where `--sessions` expects the server to give an
`Mcp-Session-Id` and `--no-sessions` expects none. The same checks run on
both transports. Exits non-zero with a message on the first mismatch.
"""

import asyncio
import contextlib
import json
import sys
from typing import Any, AsyncIterator

import httpx2
import mcp.types as types
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError


def check(label: str, actual: Any, expected: Any) -> None:
    if actual != expected:
        raise AssertionError(
            f"{label}\n  expected: {json.dumps(expected, indent=2, ensure_ascii=False)}"
            f"\n  actual:   {json.dumps(actual, indent=2, ensure_ascii=False)}"
        )
    print(f"ok: {label}")


def texts(result: types.CallToolResult) -> list[str]:
    return [block.text for block in result.content if isinstance(block, types.TextContent)]


async def raw_call(session: ClientSession, params: dict[str, Any]) -> types.CallToolResult:
    """A tools/call with params exactly as given (`arguments: null` included)."""
    request = types.Request[dict[str, Any], str](method="tools/call", params=params)
    return await session.send_request(request, types.CallToolResult)


@contextlib.asynccontextmanager
async def http_transport(url: str, session_ids: list[str]) -> AsyncIterator[Any]:
    """Streamable HTTP to `url`, noting every `Mcp-Session-Id` the server sends."""

    async def note(response: httpx2.Response) -> None:
        if "mcp-session-id" in response.headers:
            session_ids.append(response.headers["mcp-session-id"])

    timeout = httpx2.Timeout(30, read=60)
    async with httpx2.AsyncClient(timeout=timeout, event_hooks={"response": [note]}) as http:
        async with streamable_http_client(url, http_client=http) as streams:
            yield streams


async def main(expected_path: str, command: str, args: list[str]) -> None:
    with open(expected_path, encoding="utf-8") as f:
        expected_tools = json.load(f)

    session_ids: list[str] = []
    if command.startswith("http://"):
        if args not in (["--sessions"], ["--no-sessions"]):
            sys.exit("a URL takes --sessions or --no-sessions")
        transport = http_transport(command, session_ids)
    else:
        transport = stdio_client(StdioServerParameters(command=command, args=args))
    async with transport as (read, write):
        async with ClientSession(read, write) as session:
            init = await session.initialize()
            check("initialize: server advertises tools", init.capabilities.tools is not None, True)
            if command.startswith("http://"):
                print(f"   (protocol version {init.protocol_version})")
                check(
                    "http: a session id exactly when the server keeps sessions",
                    len(set(session_ids)),
                    1 if args == ["--sessions"] else 0,
                )

            listed = await session.list_tools()
            check(
                "tools/list: names, descriptions and inputSchema",
                [
                    {"name": t.name, "description": t.description, "input_schema": t.input_schema}
                    for t in listed.tools
                ],
                [
                    {"name": t["name"], "description": t["description"], "input_schema": t["input_schema"]}
                    for t in expected_tools
                ],
            )

            result = await session.call_tool("slugify", {"text": "Hello, World!", "separator": "-"})
            check("valid call: not an error", result.is_error, False)
            check("valid call: result", texts(result), ["hello-world"])

            check(
                "tools/list: outputSchema for object results",
                {t.name: t.output_schema for t in listed.tools if t.output_schema is not None},
                {"move_point": next(t["output_schema"] for t in expected_tools if t["name"] == "move_point")},
            )

            result = await session.call_tool(
                "move_point", {"point": {"x": 1.5, "y": -2}, "dx": 1, "dy": 0.5}
            )
            check("valid call with a nested object", (result.is_error, texts(result)), (False, ['{"x":2.5,"y":-1.5}']))
            check("valid call: structured content", result.structured_content, {"x": 2.5, "y": -1.5})

            result = await session.call_tool("search", {"query": "rust", "limit": 500})
            check("bad call: isError", result.is_error, True)
            check("bad call: one line", texts(result), ["Invalid arguments at /limit: must be at most 50, got 500"])

            result = await session.call_tool(
                "move_point", {"point": {"x": "1", "z": 0}, "dx": 1, "dy": 2}
            )
            check("bad nested call: isError", result.is_error, True)
            check(
                "bad nested call: every line",
                texts(result),
                [
                    'Invalid arguments at /point: missing required property "y"',
                    'Invalid arguments at /point/x: must be a number, got string "1"',
                    'Invalid arguments at /point: unknown property "z"; takes x, y',
                ],
            )

            result = await session.call_tool("divide", {"dividend": 1, "divisor": 0})
            check("failing call: isError", result.is_error, True)
            check("failing call: message", texts(result), ["divide failed: cannot divide by zero"])

            result = await session.call_tool("list_notes", {"tag": "rust"})
            check("async tool", (result.is_error, texts(result)), (False, ['["rust: borrow checker"]']))

            try:
                await session.call_tool("sluggify", {"text": "x"})
            except MCPError as err:
                check("unknown tool: invalid params", err.code, -32602)
                names = [t["name"] for t in expected_tools]
                check(
                    "unknown tool: message lists the tools",
                    err.error.message,
                    f'Unknown tool "sluggify"; available tools: {", ".join(names)}',
                )
                check("unknown tool: data lists the tools", err.error.data, {"available": names})
            else:
                raise AssertionError("unknown tool: expected a JSON-RPC error")

            result = await raw_call(session, {"name": "list_notes"})
            check("arguments missing", (result.is_error, len(texts(result))), (False, 1))
            result = await raw_call(session, {"name": "list_notes", "arguments": None})
            check("arguments null", (result.is_error, len(texts(result))), (False, 1))
            result = await raw_call(session, {"name": "slugify", "arguments": "Hello"})
            check(
                "arguments not an object",
                (result.is_error, texts(result)),
                (True, ['Invalid arguments: must be an object, got string "Hello"']),
            )
            result = await raw_call(session, {"name": "slugify", "arguments": None})
            check(
                "arguments null where some are required",
                (result.is_error, texts(result)),
                (True, ['Invalid arguments: missing required properties "text", "separator"']),
            )

            result = await session.call_tool("slugify", {"text": "x" * (2 << 20), "separator": "-"})
            check(
                "arguments over the set's limit",
                (result.is_error, texts(result)),
                (True, ["Invalid arguments: larger than the limit of 1048576 bytes"]),
            )

    if command.startswith("http://"):
        await raw_http_checks(command)


async def raw_http_checks(url: str) -> None:
    """What the endpoint answers to requests no SDK would send."""
    headers = {"accept": "application/json, text/event-stream", "content-type": "application/json"}
    async with httpx2.AsyncClient(timeout=30) as http:
        response = await http.post(url.removesuffix("/mcp") + "/other", headers=headers, content=b"{}")
        check("http: another path", (response.status_code, response.text), (404, "Not Found: the MCP endpoint is /mcp"))

        def answer(response: httpx2.Response) -> tuple[int, Any]:
            return (response.status_code, response.json())

        body = b'{"jsonrpc":"2.0","id":7,"method":"tools/list",}'
        check(
            "http: a body that is not JSON",
            answer(await http.post(url, headers=headers, content=body)),
            (400, {"jsonrpc": "2.0", "id": 7, "error": {"code": -32700, "message": "Parse error: trailing comma at line 1 column 47"}}),
        )
        body = b'[{"jsonrpc":"2.0","id":1,"method":"tools/list"}]'
        check(
            "http: a batch",
            answer(await http.post(url, headers=headers, content=body)),
            (400, {"jsonrpc": "2.0", "id": None, "error": {"code": -32600, "message": "Invalid Request: a message is one JSON object (no batches)"}}),
        )
        body = b'{"jsonrpc":"2.0","id":"big","method":"tools/call","params":{"name":"slugify","arguments":{"text":"' + b"x" * (5 << 20) + b'"}}}'
        response = await http.post(url, headers=headers, content=body)
        check(
            "http: a body over the line cap",
            answer(response),
            (413, {"jsonrpc": "2.0", "id": "big", "error": {"code": -32600, "message": "Invalid Request: the message is larger than the limit of 4259840 bytes"}}),
        )
        # The unread rest of the body is still on that connection.
        check("http: the connection closes after a body over the cap", response.headers.get("connection"), "close")

        response = await http.post(url, headers={**headers, "host": "evil.example"}, content=b"{}")
        check("http: a Host not allowed", response.status_code, 403)


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3:]))
    print("all checks passed")
