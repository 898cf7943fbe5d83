"""Drives the conformance example's tools with the official MCP Python SDK,
checking what a tool's `Call` does on the wire: progress, cancellation,
elicitation, logging and sampling.

Usage: mcp_context.py SERVER_COMMAND [ARGS...]

Progress, elicitation, logging and sampling go through the SDK's
`ClientSession`. Cancellation is checked on the raw stdio pipe as well, so
that "no answer after `notifications/cancelled`" is what the bytes show,
not what a client library chose to surface. Exits non-zero with a message
on the first mismatch; each check prints as it passes.
"""

import asyncio
import base64
import json
import pathlib
import sys
import warnings
from typing import Any

import mcp.types as types
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


def check(label: str, actual: Any, expected: Any) -> None:
    if actual != expected:
        raise AssertionError(
            f"{label}\n  expected: {json.dumps(expected, indent=2, ensure_ascii=False)}"
            f"\n  actual:   {json.dumps(actual, indent=2, ensure_ascii=False)}"
        )
    print(f"ok: {label}")


def texts(result: types.CallToolResult) -> list[str]:
    return [block.text for block in result.content if isinstance(block, types.TextContent)]


class Client:
    """What the client answers the server's questions with, and what it saw."""

    def __init__(self) -> None:
        self.reply: types.ElicitResult = types.ElicitResult(action="decline")
        self.asked: list[dict[str, Any]] = []
        self.logs: list[tuple[str, Any]] = []
        self.prompts: list[str] = []

    async def elicit(self, context: Any, params: Any) -> types.ElicitResult:
        self.asked.append(
            {"message": params.message, "requestedSchema": params.requested_schema}
        )
        return self.reply

    async def sample(self, context: Any, params: Any) -> types.CreateMessageResult:
        self.prompts.append(params.messages[0].content.text)
        return types.CreateMessageResult(
            role="assistant",
            content=types.TextContent(type="text", text="a sampled answer"),
            model="scripted",
            stop_reason="endTurn",
        )

    async def log(self, params: Any) -> None:
        self.logs.append((params.level, params.data))


async def with_sdk(command: str, args: list[str]) -> None:
    client = Client()
    async with stdio_client(StdioServerParameters(command=command, args=args)) as (read, write):
        async with ClientSession(
            read,
            write,
            elicitation_callback=client.elicit,
            sampling_callback=client.sample,
            logging_callback=client.log,
        ) as session:
            await session.initialize()

            # Progress: in order, only when asked for.
            seen: list[tuple[float, float | None, str | None]] = []

            async def progress(done: float, total: float | None, message: str | None) -> None:
                seen.append((done, total, message))

            result = await session.call_tool("test_tool_with_progress", {}, progress_callback=progress)
            check("progress: the result", texts(result), ["Progress test completed"])
            check(
                "progress: every report, in order, with a token",
                seen,
                [
                    (0.0, 100.0, "Completed step 0 of 100"),
                    (50.0, 100.0, "Completed step 50 of 100"),
                    (100.0, 100.0, "Completed step 100 of 100"),
                ],
            )

            # Rich results: bytes round-trip exactly, blocks keep their order.
            assets = pathlib.Path(__file__).parent.parent / "examples" / "assets"
            pixel = (assets / "red_pixel.png").read_bytes()
            result = await session.call_tool("test_image_content", {})
            image = result.content[0]
            check("content: an image block", (image.type, image.mime_type), ("image", "image/png"))
            check("content: the image's bytes, exactly", base64.b64decode(image.data) == pixel, True)
            result = await session.call_tool("test_audio_content", {})
            audio = result.content[0]
            check("content: an audio block", (audio.type, audio.mime_type), ("audio", "audio/wav"))
            check(
                "content: the audio's bytes, exactly",
                base64.b64decode(audio.data) == (assets / "silence.wav").read_bytes(),
                True,
            )
            result = await session.call_tool("test_multiple_content_types", {})
            check(
                "content: text, image and resource, in order",
                [block.model_dump(mode="json", by_alias=True, exclude_none=True) for block in result.content],
                [
                    {"type": "text", "text": "Multiple content types test:"},
                    {"type": "image", "data": base64.b64encode(pixel).decode(), "mimeType": "image/png"},
                    {
                        "type": "resource",
                        "resource": {
                            "uri": "test://mixed-content-resource",
                            "mimeType": "application/json",
                            "text": '{"test":"data","value":123}',
                        },
                    },
                ],
            )
            check("content: no structured content", result.structured_content, None)

            # Elicitation: the form is the type's schema; the answer is validated.
            client.reply = types.ElicitResult(action="accept", content={"name": "Ada", "age": 36})
            result = await session.call_tool("ask_person", {})
            check("ask: an accepted answer reaches the tool", texts(result), ["Ada is 36"])
            check(
                "ask: the requested schema is the type's, flat",
                client.asked[-1],
                {
                    "message": "Who are you?",
                    "requestedSchema": {
                        "type": "object",
                        "properties": {
                            "name": {"type": "string", "description": "Your name", "minLength": 1},
                            "age": {
                                "type": "integer",
                                "description": "Your age in years",
                                "minimum": 0,
                                "maximum": 150,
                            },
                        },
                        "required": ["name", "age"],
                        "description": "What `ask_person` asks for.",
                    },
                },
            )
            client.reply = types.ElicitResult(action="accept", content={"name": "", "age": 200})
            result = await session.call_tool("ask_person", {})
            check("ask: an invalid answer is the tool's failure", result.is_error, True)
            check(
                "ask: an invalid answer never reaches the tool, every problem named",
                texts(result),
                [
                    "ask_person failed: Invalid answer at /name: must be at least 1 character long, got 0; "
                    "Invalid answer at /age: must be at most 150, got 200"
                ],
            )
            client.reply = types.ElicitResult(action="decline")
            result = await session.call_tool("ask_person", {})
            check("ask: declined", texts(result), ["declined"])
            client.reply = types.ElicitResult(action="cancel")
            result = await session.call_tool("ask_person", {})
            check("ask: cancelled", texts(result), ["cancelled"])

            # Logging and sampling.
            await session.set_logging_level("info")
            result = await session.call_tool("test_tool_with_logging", {})
            check("log: the result", texts(result), ["Logging test completed"])
            check(
                "log: every message, in order, before the answer",
                client.logs,
                [
                    ("info", "Tool execution started"),
                    ("info", "Tool processing data"),
                    ("info", "Tool execution completed"),
                ],
            )
            await session.set_logging_level("warning")
            client.logs.clear()
            await session.call_tool("test_tool_with_logging", {})
            check("log: below the level set, nothing", client.logs, [])
            result = await session.call_tool("test_sampling", {"prompt": "Say something"})
            check("sample: the prompt reaches the client", client.prompts, ["Say something"])
            check("sample: the answer reaches the tool", texts(result), ["LLM response: a sampled answer"])


class Pipe:
    """The server on a raw stdio pipe, one JSON-RPC message per line."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.seen: list[dict[str, Any]] = []

    async def send(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write((json.dumps(message) + "\n").encode())
        await self.process.stdin.drain()

    async def until(self, wanted: Any) -> dict[str, Any]:
        assert self.process.stdout is not None
        while True:
            line = await self.process.stdout.readline()
            if not line:
                raise AssertionError("the server closed its output")
            message = json.loads(line)
            self.seen.append(message)
            if wanted(message):
                return message


async def cancel_on_the_pipe(command: str, args: list[str]) -> None:
    process = await asyncio.create_subprocess_exec(
        command, *args, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE
    )
    pipe = Pipe(process)
    await pipe.send(
        {
            "jsonrpc": "2.0",
            "id": 0,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "raw", "version": "0"},
            },
        }
    )
    await pipe.until(lambda m: m.get("id") == 0)
    await pipe.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    # Without a progress token, the same tool reports nothing.
    await pipe.send(
        {
            "jsonrpc": "2.0",
            "id": 3,
            "method": "tools/call",
            "params": {"name": "test_tool_with_progress", "arguments": {}},
        }
    )
    answer = await pipe.until(lambda m: m.get("id") == 3)
    check("progress: the result without a token", answer["result"]["content"][0]["text"], "Progress test completed")
    check("progress: no notification without a token", pipe.seen[1:], [answer])
    for id, tool in [(1, "wait_async"), (2, "wait_blocking")]:
        await pipe.send(
            {
                "jsonrpc": "2.0",
                "id": id,
                "method": "tools/call",
                "params": {"name": tool, "arguments": {}, "_meta": {"progressToken": f"t{id}"}},
            }
        )
        # The tool is running once it reports.
        await pipe.until(
            lambda m: m.get("method") == "notifications/progress"
            and m["params"]["progressToken"] == f"t{id}"
        )
        await pipe.send(
            {
                "jsonrpc": "2.0",
                "method": "notifications/cancelled",
                "params": {"requestId": id, "reason": "the user changed their mind"},
            }
        )
    # The blocking tool stops at its next look at `is_cancelled`: ask until
    # both calls are counted (each answer is awaited, so this is a count of
    # round trips, not a time).
    counts: dict[str, Any] = {}
    for round in range(1000):
        await pipe.send(
            {
                "jsonrpc": "2.0",
                "id": 100 + round,
                "method": "tools/call",
                "params": {"name": "cancelled_calls", "arguments": {}},
            }
        )
        answer = await pipe.until(lambda m, r=round: m.get("id") == 100 + r)
        counts = answer["result"]["structuredContent"]
        if counts == {"async_dropped": 1, "blocking_stopped": 1}:
            break
    check(
        "cancel: the async tool was dropped and the blocking one stopped",
        counts,
        {"async_dropped": 1, "blocking_stopped": 1},
    )
    # One more round trip after the counts: anything the server still had
    # for the cancelled calls would be on the pipe before this answer.
    await pipe.send({"jsonrpc": "2.0", "id": 99, "method": "ping"})
    await pipe.until(lambda m: m.get("id") == 99)
    check(
        "cancel: a cancelled call gets no answer",
        [m for m in pipe.seen if m.get("id") in (1, 2)],
        [],
    )
    check(
        "cancel: nothing about a cancelled call after the cancellation",
        [m for m in pipe.seen if m.get("method") == "notifications/progress"],
        [
            {
                "jsonrpc": "2.0",
                "method": "notifications/progress",
                "params": {"progressToken": "t1", "progress": 1.0, "message": "waiting"},
            },
            {
                "jsonrpc": "2.0",
                "method": "notifications/progress",
                "params": {"progressToken": "t2", "progress": 1.0, "message": "waiting"},
            },
        ],
    )
    assert process.stdin is not None
    process.stdin.close()
    check("cancel: the server exits at end of input", await process.wait(), 0)


async def main(command: str, args: list[str]) -> None:
    await with_sdk(command, args)
    await cancel_on_the_pipe(command, args)


if __name__ == "__main__":
    # Logging is deprecated for protocol versions to come; the server speaks 2025-11-25.
    warnings.filterwarnings("ignore", message="The logging capability is deprecated")
    asyncio.run(main(sys.argv[1], sys.argv[2:]))
