"""Soak test: the official MCP Python SDK and raw JSON-RPC lines, on one
stdio connection, against the example server with its soak tools.

Usage: mcp_soak.py SERVER_COMMAND [ARGS...]

Sends 2,000 mixed requests with up to 50 in flight: valid calls, bad
arguments, failing, unknown, panicking, slow (blocking) and oversized calls
through the SDK's session, and malformed lines written on the pipe itself
(the SDK cannot send those). Checks that every request gets exactly one
answer, with its id and the expected content, that `tools/list` answers
within 100 ms at the 99th percentile throughout, that memory comes back
down, and that the server exits 0 at end of input. Prints the figures.
Exits non-zero with a message on the first failed check.
"""

import collections
import json
import os
import random
import statistics
import subprocess
import sys
import time
from typing import Any

import anyio
import mcp.types as types
from mcp import ClientSession
from mcp.shared.exceptions import MCPError
from mcp.shared.message import SessionMessage

REQUESTS = 2000
IN_FLIGHT = 50
ARG_LIMIT = 1 << 20
LINE_LIMIT = 4 * ARG_LIMIT + 64 * 1024

# (kind, how many); the kinds are checked in `run_one`.
MIX = [
    ("valid", 800),
    ("invalid", 400),
    ("failing", 100),
    ("unknown", 100),
    ("panicking", 100),
    ("slow", 150),
    ("oversize", 30),
    ("over_line_cap", 10),
    ("malformed", 300),
    ("malformed_no_id", 10),
]
assert sum(n for _, n in MIX) == REQUESTS

# Each malformed kind: the line (for the id given) and the start of the
# error message the answer must carry.
MALFORMED = [
    ("number out of range", lambda id: '{"jsonrpc":"2.0","id":%s,"method":"tools/call","params":{"name":"search","arguments":{"query":"x","limit":1e400}}}' % id, "Parse error: number out of range"),
    ("lone surrogate", lambda id: '{"jsonrpc":"2.0","id":%s,"method":"tools/call","params":{"name":"slugify","arguments":{"text":"\\ud800","separator":"-"}}}' % id, "Parse error: lone surrogate in a string"),
    ("invalid UTF-8", lambda id: '{"jsonrpc":"2.0","id":%s,"method":"tools/call","params":{"name":"slugify","arguments":{"text":"\udcff","separator":"-"}}}' % id, "Parse error: invalid UTF-8"),
    ("nesting over 128", lambda id: '{"jsonrpc":"2.0","id":%s,"method":"tools/call","params":{"name":"search","arguments":%s%s}}' % (id, "[" * 130, "]" * 130), "Parse error: nests deeper than 131 levels"),
    ("trailing comma", lambda id: '{"jsonrpc":"2.0","id":%s,"method":"tools/list",}' % id, "Parse error: trailing comma"),
    ("cut short", lambda id: '{"jsonrpc":"2.0","id":%s,"method":"tools/list"' % id, "Parse error: unexpected end of input"),
]


class Failure(Exception):
    pass


def check(label: str, actual: Any, expected: Any) -> None:
    if actual != expected:
        raise Failure(f"{label}\n  expected: {expected!r}\n  actual:   {actual!r}")


def texts(result: types.CallToolResult) -> list[str]:
    return [block.text for block in result.content if isinstance(block, types.TextContent)]


def rss_bytes(pid: int) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    raise Failure("no VmRSS in /proc")


def mib(n: float) -> str:
    return f"{n / (1 << 20):.1f} MiB"


class Wire:
    """The server's pipes, shared by the SDK's session and the raw lines.

    Every line written is noted by id; every line read is counted by id,
    then goes to the raw request waiting for it or on to the session.
    """

    def __init__(self, process: anyio.abc.Process) -> None:
        self.process = process
        self.write_lock = anyio.Lock()
        self.sent: collections.Counter = collections.Counter()
        self.answered: collections.Counter = collections.Counter()
        self.raw_waiting: dict[str, Any] = {}
        self.raw_answers: dict[str, dict] = {}
        self.null_answers: list[dict] = []
        # tools/list requests: when each was on the pipe, how long the answer took.
        self.list_sent_at: dict[Any, float] = {}
        self.list_latencies: list[float] = []
        to_session, self.session_read = anyio.create_memory_object_stream[SessionMessage | Exception](1000)
        self.session_write, from_session = anyio.create_memory_object_stream[SessionMessage](1000)
        self.to_session = to_session
        self.from_session = from_session

    async def write_line(self, data: bytes) -> None:
        async with self.write_lock:
            await self.process.stdin.send(data + b"\n")

    def request_of(self, message: Any) -> tuple[Any, str | None]:
        root = getattr(message, "root", message)
        if getattr(root, "method", None) is not None and getattr(root, "id", None) is not None:
            return root.id, root.method
        return None, None

    async def pump_session_out(self) -> None:
        async with self.from_session:
            async for session_message in self.from_session:
                id, method = self.request_of(session_message.message)
                if id is not None:
                    self.sent[id] += 1
                line = session_message.message.model_dump_json(by_alias=True, exclude_unset=True)
                await self.write_line(line.encode("utf-8"))
                if method == "tools/list":
                    self.list_sent_at[id] = time.perf_counter()

    async def pump_server_out(self) -> None:
        buffer = b""
        async with self.to_session:
            async for chunk in self.process.stdout:
                lines = (buffer + chunk).split(b"\n")
                buffer = lines.pop()
                for line in lines:
                    await self.route(line)

    async def route(self, line: bytes) -> None:
        message = json.loads(line)
        id = message.get("id")
        sent_at = self.list_sent_at.pop(id, None)
        if sent_at is not None:
            self.list_latencies.append(time.perf_counter() - sent_at)
        self.answered[id if id is not None else None] += 1
        if id is None:
            self.null_answers.append(message)
        elif isinstance(id, str) and id.startswith("raw-"):
            self.raw_answers[id] = message
            waiter = self.raw_waiting.pop(id, None)
            if waiter is not None:
                waiter.set()
        else:
            parsed = types.jsonrpc_message_adapter.validate_json(line, by_name=False)
            await self.to_session.send(SessionMessage(parsed))

    async def raw_request(self, id: str, line: str | bytes) -> dict:
        data = line.encode("utf-8", "surrogateescape") if isinstance(line, str) else line
        event = anyio.Event()
        self.raw_waiting[id] = event
        self.sent[id] += 1
        await self.write_line(data)
        await event.wait()
        return self.raw_answers[id]


async def run_one(session: ClientSession, wire: Wire, kind: str, i: int) -> None:
    if kind == "valid":
        pick = i % 4
        if pick == 0:
            result = await session.call_tool("slugify", {"text": f"Hello World {i}", "separator": "-"})
            check("valid slugify", (result.is_error, texts(result)), (False, [f"hello-world-{i}"]))
        elif pick == 1:
            result = await session.call_tool("search", {"query": "rust", "limit": 1})
            check("valid search", (result.is_error, texts(result)), (False, ['["rust: ownership and borrowing"]']))
        elif pick == 2:
            result = await session.call_tool("move_point", {"point": {"x": i, "y": 0}, "dx": 1, "dy": 2})
            check("valid move_point", result.structured_content, {"x": i + 1.0, "y": 2.0})
        else:
            result = await session.call_tool("list_notes", {"tag": "python"})
            check("valid list_notes", texts(result), ['["python: virtual environments"]'])
    elif kind == "invalid":
        result = await session.call_tool("search", {"query": "rust", "limit": 500 + i})
        check("invalid call", (result.is_error, texts(result)), (True, [f"Invalid arguments at /limit: must be at most 50, got {500 + i}"]))
    elif kind == "failing":
        result = await session.call_tool("divide", {"dividend": i, "divisor": 0})
        check("failing call", (result.is_error, texts(result)), (True, ["divide failed: cannot divide by zero"]))
    elif kind == "unknown":
        try:
            await session.call_tool(f"no_such_tool_{i}", {})
        except MCPError as err:
            check("unknown tool code", err.code, -32602)
        else:
            raise Failure("unknown tool: expected a JSON-RPC error")
    elif kind == "panicking":
        result = await session.call_tool("crash", {"reason": f"\x1b]0;title\x07reason {i}"})
        check("panicking call", (result.is_error, texts(result)), (True, ["crash failed: the tool panicked"]))
    elif kind == "slow":
        ms = 100 + (i * 37) % 300
        result = await session.call_tool("nap", {"ms": ms})
        check("slow call", (result.is_error, texts(result)), (False, [f"slept {ms} ms"]))
    elif kind == "oversize":
        text = "x" * (ARG_LIMIT + 1000 * (i + 1))
        result = await session.call_tool("slugify", {"text": text, "separator": "-"})
        check("oversize call", (result.is_error, texts(result)), (True, [f"Invalid arguments: larger than the limit of {ARG_LIMIT} bytes"]))
    elif kind == "over_line_cap":
        text = "y" * (LINE_LIMIT + 1000)
        try:
            await session.call_tool("slugify", {"text": text, "separator": "-"})
        except MCPError as err:
            check(
                "over line cap",
                (err.code, err.error.message),
                (-32600, f"Invalid Request: the message is larger than the limit of {LINE_LIMIT} bytes"),
            )
        else:
            raise Failure("over line cap: expected a JSON-RPC error")
    elif kind == "malformed":
        name, make, expected = MALFORMED[i % len(MALFORMED)]
        id = f"raw-{i}"
        answer = await wire.raw_request(id, make(json.dumps(id)))
        error = answer.get("error") or {}
        check(f"malformed line ({name}): code", error.get("code"), -32700)
        if not error.get("message", "").startswith(expected):
            raise Failure(f"malformed line ({name}): message {error.get('message')!r}")
    elif kind == "malformed_no_id":
        await wire.write_line(b'{"jsonrpc":"2.0","method":"tools/list","id":[1}')
    else:
        raise Failure(f"unknown kind {kind}")


async def main(command: str, args: list[str]) -> None:
    # glibc raises its mmap threshold after the first large buffer is freed,
    # and from then on keeps freed large buffers in its heap instead of
    # giving them back: the RSS would stay at its peak without a leak. With
    # the threshold pinned, buffers of 128 KiB and more go back to the
    # system when freed, and "back to baseline" measures leaks.
    env = {**os.environ, "MALLOC_MMAP_THRESHOLD_": "131072"}
    process = await anyio.open_process([command, *args], stderr=subprocess.PIPE, env=env)
    wire = Wire(process)
    stderr_lines: list[bytes] = []
    rss: list[int] = []
    sdk_latencies: list[float] = []

    async def drain_stderr() -> None:
        buffer = b""
        async for chunk in process.stderr:
            buffer += chunk
        stderr_lines.extend(buffer.splitlines())

    async with anyio.create_task_group() as background:
        background.start_soon(wire.pump_session_out)
        background.start_soon(wire.pump_server_out)
        background.start_soon(drain_stderr)

        async with ClientSession(wire.session_read, wire.session_write) as session:
            with anyio.fail_after(30):
                await session.initialize()
                for i in range(50):
                    await run_one(session, wire, "valid", i)
                for _ in range(20):
                    await session.list_tools()
            await anyio.sleep(0.5)
            baseline = rss_bytes(process.pid)

            kinds = [kind for kind, n in MIX for _ in range(n)]
            random.Random(7).shuffle(kinds)
            slots = anyio.Semaphore(IN_FLIGHT)
            loading = True

            async def one(kind: str, i: int) -> None:
                async with slots:
                    with anyio.fail_after(120):
                        await run_one(session, wire, kind, i)

            async def probe() -> None:
                while loading:
                    start = time.perf_counter()
                    with anyio.fail_after(30):
                        listed = await session.list_tools()
                    sdk_latencies.append(time.perf_counter() - start)
                    check("tools/list under load", len(listed.tools), 7)
                    await anyio.sleep(0.005)

            async def sample() -> None:
                while loading:
                    rss.append(rss_bytes(process.pid))
                    await anyio.sleep(0.05)

            wire.list_latencies.clear()
            started = time.perf_counter()
            with anyio.fail_after(600):
                async with anyio.create_task_group() as watchers:
                    # Four probes at a time, for a p99 that is not just the maximum.
                    for _ in range(4):
                        watchers.start_soon(probe)
                    watchers.start_soon(sample)
                    async with anyio.create_task_group() as load:
                        for i, kind in enumerate(kinds):
                            load.start_soon(one, kind, i)
                    loading = False
            elapsed = time.perf_counter() - started
            latencies = list(wire.list_latencies)

            # The answers to the lines without an id to recover.
            with anyio.fail_after(30):
                while len(wire.null_answers) < 10:
                    await anyio.sleep(0.05)
            for answer in wire.null_answers:
                check("no-id answer", (answer["id"], answer["error"]["code"]), (None, -32700))

            # A blocking call does not hold up tools/list: the list sent
            # after a 2-second nap is answered before it.
            order: list[str] = []

            async def answered(id: str, line: str) -> None:
                await wire.raw_request(id, line)
                order.append(id)

            with anyio.fail_after(60):
                async with anyio.create_task_group() as pair:
                    pair.start_soon(answered, "raw-nap", '{"jsonrpc":"2.0","id":"raw-nap","method":"tools/call","params":{"name":"nap","arguments":{"ms":2000}}}')
                    await anyio.sleep(0.2)
                    pair.start_soon(answered, "raw-list", '{"jsonrpc":"2.0","id":"raw-list","method":"tools/list"}')
            check("tools/list answered while a blocking call runs", order, ["raw-list", "raw-nap"])

            await anyio.sleep(1.0)
            for _ in range(20):
                await session.list_tools()
            end = rss_bytes(process.pid)

        # End of input: the server finishes what it has and exits 0.
        await process.stdin.aclose()
        with anyio.fail_after(30):
            code = await process.wait()
        background.cancel_scope.cancel()

    check("exit status at end of input", code, 0)

    # Exactly one answer per request, with the request's id.
    duplicates = {id: n for id, n in wire.answered.items() if id is not None and n != 1}
    check("ids answered more than once", duplicates, {})
    unanswered = [id for id in wire.sent if wire.answered[id] == 0]
    check("ids never answered", unanswered, [])
    strangers = [id for id in wire.answered if id is not None and id not in wire.sent]
    check("answers to ids never sent", strangers, [])
    check("answers without an id", wire.answered[None], 10)

    # The panic log is one sanitized line per panic.
    panic_lines = [line for line in stderr_lines if b"panicked" in line]
    check("panic log lines", len(panic_lines), 100)
    check("escape bytes on stderr", [line for line in stderr_lines if b"\x1b" in line], [])

    def percentile(values: list[float], q: float) -> float:
        ordered = sorted(values)
        return ordered[min(len(ordered) - 1, int(len(ordered) * q))]

    ordered = sorted(latencies)
    p50 = statistics.median(ordered)
    p99 = percentile(ordered, 0.99)
    requests = sum(wire.sent.values()) + 10
    answers = sum(wire.answered.values())
    extra = requests - REQUESTS
    print(f"requests: {REQUESTS} mixed ({', '.join(f'{n} {kind}' for kind, n in MIX)}), up to {IN_FLIGHT} in flight, {elapsed:.1f} s")
    print(f"answers/requests: {answers}/{requests} (each id answered exactly once; {extra} of the requests are initialize, warm-up and tools/list probes)")
    print(f"tools/list under load, request on the pipe to answer: {len(ordered)} probes, p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, max {ordered[-1] * 1000:.1f} ms")
    print(f"tools/list under load, through the SDK's session (adds the client's own queueing): p50 {statistics.median(sdk_latencies) * 1000:.1f} ms, p99 {percentile(sdk_latencies, 0.99) * 1000:.1f} ms")
    print(f"server RSS (glibc mmap threshold pinned at 128 KiB): baseline {mib(baseline)}, peak {mib(max(rss))}, end {mib(end)}")
    print(f"server exit status at end of input: {code}")

    # Back to baseline: what the load allocated (tens of MiB for the
    # oversized lines) is given back, within allocator slack.
    check(f"end RSS within 8 MiB of baseline ({mib(baseline)} -> {mib(end)})", end <= baseline + (8 << 20), True)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    try:
        anyio.run(main, sys.argv[1], sys.argv[2:])
    except Failure as failure:
        sys.exit(f"soak check failed: {failure}")
    print("soak passed")
