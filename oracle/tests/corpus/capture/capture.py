"""Captures the tool schemas of real MCP servers into tests/corpus/servers/.

Usage: python3 tests/corpus/capture/capture.py [--work DIR] [NAME ...]

Run by hand, once, when the corpus is refreshed; the corpus test reads the
committed JSON and needs no network. For each server of SERVERS (or only the
ones named) the script installs the package from its registry (npm into a
prefix of its own, PyPI into a virtual environment of its own, both under
DIR, `target/corpus-capture` by default), starts it over stdio with the
official MCP Python SDK as the client, lists its tools (following
`nextCursor`) and writes `servers/<name>.json`:

    {"server": name, "source": "npm" | "pypi", "package": name,
     "version": the exact version installed, "license": as the package states it,
     "tools": [{"name", "inputSchema", "outputSchema"?}, ...]}

Servers that need an account get a dummy credential: they list their tools
without calling out. A server that fails to start or to list is reported and
skipped; its previous file, if any, stays. Browsers are never downloaded
(`PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD`, `PUPPETEER_SKIP_DOWNLOAD`).

Tool schemas are interface descriptions; every package captured here is
published under an open-source licence (MIT, Apache-2.0 or ISC, recorded in
each file), and each file names its package and exact version.
"""

import argparse
import asyncio
import json
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# The client, as the tests pin it (tests/support/mcp_python.rs).
MCP_SDK = "2.3.0"

HERE = Path(__file__).resolve().parent
SERVERS_DIR = HERE.parent / "servers"
REPO = HERE.parents[2]

DUMMY = "dummy-credential-for-listing-tools"


@dataclass
class Server:
    """One server: where it comes from and how it starts."""

    name: str
    source: str  # "npm" or "pypi"
    package: str
    # The command to run: an npm package's bin name, or a console script of
    # the venv; None for the package's only bin.
    command: str | None = None
    args: list[str] = field(default_factory=list)
    env: dict[str, str] = field(default_factory=dict)
    # Extra packages installed beside it (PyPI only).
    extra: list[str] = field(default_factory=list)


# Left out: servers that cannot list their tools here, such as
# `@modelcontextprotocol/server-redis` (connects to Redis before it
# answers), `@supabase/mcp-server-supabase` (fetches its tool list over the
# network), `@heroku/mcp-server` (exits without the Heroku CLI) and
# `mcp-server-motherduck` and `mcp-server-tree-sitter` (both exit before
# they answer `initialize` here).
SERVERS = [
    # The reference servers.
    Server("filesystem", "npm", "@modelcontextprotocol/server-filesystem", args=["{scratch}"]),
    Server("memory", "npm", "@modelcontextprotocol/server-memory", env={"MEMORY_FILE_PATH": "{scratch}/memory.jsonl"}),
    Server("everything", "npm", "@modelcontextprotocol/server-everything", args=["stdio"]),
    Server("sequential-thinking", "npm", "@modelcontextprotocol/server-sequential-thinking"),
    Server("github", "npm", "@modelcontextprotocol/server-github", env={"GITHUB_PERSONAL_ACCESS_TOKEN": DUMMY}),
    Server("gitlab", "npm", "@modelcontextprotocol/server-gitlab", env={"GITLAB_PERSONAL_ACCESS_TOKEN": DUMMY}),
    Server("slack", "npm", "@modelcontextprotocol/server-slack", env={"SLACK_BOT_TOKEN": DUMMY, "SLACK_TEAM_ID": "T0000000"}),
    Server("brave-search", "npm", "@modelcontextprotocol/server-brave-search", env={"BRAVE_API_KEY": DUMMY}),
    Server("google-maps", "npm", "@modelcontextprotocol/server-google-maps", env={"GOOGLE_MAPS_API_KEY": DUMMY}),
    Server("puppeteer", "npm", "@modelcontextprotocol/server-puppeteer"),
    Server("postgres", "npm", "@modelcontextprotocol/server-postgres", args=["postgresql://127.0.0.1:1/none"]),
    Server("fetch", "pypi", "mcp-server-fetch"),
    Server("time", "pypi", "mcp-server-time", args=["--local-timezone", "UTC"]),
    Server("git", "pypi", "mcp-server-git", args=["--repository", "{repo}"]),
    # Its last release predates the SDK's 2.x server API.
    Server("sqlite", "pypi", "mcp-server-sqlite", args=["--db-path", "{scratch}/db.sqlite"], extra=["mcp<2"]),
    # Other popular servers that list tools without an account.
    Server("notion", "npm", "@notionhq/notion-mcp-server", env={"NOTION_TOKEN": DUMMY}),
    Server("playwright", "npm", "@playwright/mcp"),
    Server("chrome-devtools", "npm", "chrome-devtools-mcp"),
    Server("desktop-commander", "npm", "@wonderwhy-er/desktop-commander"),
    Server("context7", "npm", "@upstash/context7-mcp"),
    Server("firecrawl", "npm", "firecrawl-mcp", env={"FIRECRAWL_API_KEY": "fc-" + DUMMY}),
    Server("tavily", "npm", "tavily-mcp", env={"TAVILY_API_KEY": "tvly-" + DUMMY}),
    Server("exa", "npm", "exa-mcp-server", env={"EXA_API_KEY": DUMMY}),
    Server("mongodb", "npm", "mongodb-mcp-server", env={"MDB_MCP_CONNECTION_STRING": "mongodb://127.0.0.1:1/none"}),
    # FastMCP and pydantic servers from PyPI.
    Server("duckduckgo", "pypi", "duckduckgo-mcp-server"),
    Server("arxiv", "pypi", "arxiv-mcp-server", args=["--storage-path", "{scratch}/papers"]),
    Server("excel", "pypi", "excel-mcp-server", args=["stdio"], env={"EXCEL_FILES_PATH": "{scratch}"}),
    Server("markitdown", "pypi", "markitdown-mcp"),
    Server("calculator", "pypi", "mcp-server-calculator"),
    Server("pandoc", "pypi", "mcp-pandoc"),
    Server("atlassian", "pypi", "mcp-atlassian", env={"JIRA_URL": "http://127.0.0.1:1", "JIRA_PERSONAL_TOKEN": DUMMY, "CONFLUENCE_URL": "http://127.0.0.1:1/wiki", "CONFLUENCE_PERSONAL_TOKEN": DUMMY}),
]


def run(command: list[str], **kwargs: Any) -> subprocess.CompletedProcess:
    return subprocess.run(command, check=True, **kwargs)


def client_python(work: Path) -> Path:
    """The venv with the MCP SDK this script runs its client in."""
    venv = work / "client"
    python = venv / "bin" / "python"
    if not python.exists():
        run([sys.executable, "-m", "venv", str(venv)])
        run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", f"mcp=={MCP_SDK}"])
    return python


def install_npm(server: Server, work: Path) -> tuple[list[str], str, str]:
    """Installs the package into a prefix of its own: (command, version, licence)."""
    prefix = work / "npm" / server.name
    prefix.mkdir(parents=True, exist_ok=True)
    run(
        ["npm", "install", "--prefix", str(prefix), "--no-audit", "--no-fund", "--loglevel=error", f"{server.package}@latest"],
        env={**os.environ, "PUPPETEER_SKIP_DOWNLOAD": "1", "PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD": "1"},
    )
    package_dir = prefix / "node_modules" / server.package
    manifest = json.loads((package_dir / "package.json").read_text())
    bins = manifest.get("bin")
    if isinstance(bins, str):
        entry = bins
    else:
        entry = bins[server.command] if server.command else next(iter(bins.values()))
    return ["node", str(package_dir / entry)], manifest["version"], npm_licence(manifest, package_dir)


def npm_licence(manifest: dict[str, Any], package_dir: Path) -> str:
    """The package's licence; for `SEE LICENSE IN ...`, what its README says."""
    licence = str(manifest.get("license", ""))
    if licence and not licence.startswith("SEE LICENSE"):
        return licence
    for name in ("LICENSE", "LICENSE.md", "LICENSE.txt"):
        path = package_dir / name
        first = path.read_text(errors="replace").strip().splitlines()[:1] if path.exists() else []
        if first and "license" in first[0].lower():
            return f"{first[0].strip()} ({name})"
    readme = package_dir / "README.md"
    text = readme.read_text(errors="replace") if readme.exists() else ""
    match = re.search(r"licensed under the ([A-Za-z0-9.\- ]+?) License", text)
    return f"{match.group(1)} (README)" if match else licence


def install_pypi(server: Server, work: Path) -> tuple[list[str], str, str]:
    """Installs the package into a venv of its own: (command, version, licence)."""
    venv = work / "pypi" / server.name
    python = venv / "bin" / "python"
    if not python.exists():
        run([sys.executable, "-m", "venv", str(venv)])
    run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--upgrade", server.package, *server.extra])
    probe = (
        "import importlib.metadata as m, json, sys\n"
        "d = m.distribution(sys.argv[1])\n"
        "meta = d.metadata\n"
        "lic = meta.get('License-Expression') or meta.get('License') or ''\n"
        "if not lic or len(lic) > 40:\n"
        "    lic = '; '.join(c.split(' :: ')[-1] for c in meta.get_all('Classifier') or [] if c.startswith('License ::')) or lic[:40]\n"
        "for name in [] if lic else meta.get_all('License-File') or []:\n"
        "    first = (d.read_text('licenses/' + name) or d.read_text(name) or '').strip().splitlines()[:1]\n"
        "    if first and 'license' in first[0].lower():\n"
        "        lic = f'{first[0].strip()} ({name})'\n"
        "        break\n"
        "if not lic:\n"
        "    import re\n"
        "    found = re.search(r'licensed under the ([A-Za-z0-9.\\- ]+?) License', meta.get_payload() or '')\n"
        "    lic = f'{found.group(1)} (README)' if found else ''\n"
        "scripts = [e.name for e in d.entry_points if e.group == 'console_scripts']\n"
        "print(json.dumps([d.version, lic, scripts]))\n"
    )
    out = run([str(python), "-c", probe, server.package], capture_output=True, text=True).stdout
    version, licence, scripts = json.loads(out)
    command = server.command or (server.package if server.package in scripts else scripts[0])
    return [str(venv / "bin" / command)], version, licence


LIST_TOOLS = """
import asyncio, json, sys
import mcp.types as types
from mcp import StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.shared.message import SessionMessage

# The SDK's stdio transport, with the requests written out, so that the
# schemas come back exactly as the server sent them (the SDK's session
# refuses a listing whose schema lacks "type", which some servers send).
async def main():
    spec = json.loads(sys.argv[1])
    params = StdioServerParameters(command=spec["command"][0], args=spec["command"][1:], env=spec["env"], cwd=spec["cwd"])
    async with stdio_client(params) as (read, write):
        next_id = 0

        async def request(method, params):
            nonlocal next_id
            next_id += 1
            await write.send(SessionMessage(types.JSONRPCRequest(jsonrpc="2.0", id=next_id, method=method, params=params)))
            async for message in read:
                if isinstance(message, Exception):
                    raise message
                reply = message.message
                if isinstance(reply, types.JSONRPCError) and reply.id == next_id:
                    raise RuntimeError(f"{method}: {reply.error}")
                if isinstance(reply, types.JSONRPCResponse) and reply.id == next_id:
                    return reply.result
            raise RuntimeError(f"{method}: the server closed its output")

        await request("initialize", {
            "protocolVersion": types.LATEST_PROTOCOL_VERSION,
            "capabilities": {},
            "clientInfo": {"name": "toolsmith-corpus-capture", "version": "1"},
        })
        await write.send(SessionMessage(types.JSONRPCNotification(jsonrpc="2.0", method="notifications/initialized")))
        tools, cursor = [], None
        while True:
            page = await request("tools/list", {"cursor": cursor} if cursor else {})
            for tool in page["tools"]:
                entry = {"name": tool["name"], "inputSchema": tool.get("inputSchema")}
                if tool.get("outputSchema") is not None:
                    entry["outputSchema"] = tool["outputSchema"]
                tools.append(entry)
            cursor = page.get("nextCursor")
            if not cursor:
                break
    print(json.dumps(tools))

asyncio.run(asyncio.wait_for(main(), 120))
"""


def list_tools(python: Path, command: list[str], env: dict[str, str], cwd: str) -> list[dict[str, Any]]:
    spec = json.dumps({"command": command, "env": env, "cwd": cwd})
    out = run([str(python), "-c", LIST_TOOLS, spec], capture_output=True, text=True, timeout=180).stdout
    return json.loads(out.strip().splitlines()[-1])


def capture(server: Server, work: Path, python: Path) -> None:
    install = install_npm if server.source == "npm" else install_pypi
    command, version, licence = install(server, work)
    with tempfile.TemporaryDirectory() as scratch:
        fill = lambda s: s.replace("{scratch}", scratch).replace("{repo}", str(REPO))
        env = {
            "PATH": os.environ["PATH"],
            "HOME": scratch,
            "PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD": "1",
            "PUPPETEER_SKIP_DOWNLOAD": "1",
            **{k: fill(v) for k, v in server.env.items()},
        }
        tools = list_tools(python, command + [fill(a) for a in server.args], env, scratch)
    record = {
        "server": server.name,
        "source": server.source,
        "package": server.package,
        "version": version,
        "license": licence,
        "tools": tools,
    }
    SERVERS_DIR.mkdir(parents=True, exist_ok=True)
    path = SERVERS_DIR / f"{server.name}.json"
    path.write_text(json.dumps(record, indent=2, ensure_ascii=False) + "\n")
    print(f"{server.name}: {server.package} {version} ({licence}), {len(tools)} tools")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", type=Path, default=REPO / "target" / "corpus-capture")
    parser.add_argument("names", nargs="*")
    options = parser.parse_args()
    unknown = set(options.names) - {s.name for s in SERVERS}
    if unknown:
        sys.exit(f"unknown servers: {', '.join(sorted(unknown))}")
    work = options.work.resolve()
    work.mkdir(parents=True, exist_ok=True)
    python = client_python(work)
    failed = []
    for server in SERVERS:
        if options.names and server.name not in options.names:
            continue
        try:
            capture(server, work, python)
        except (subprocess.SubprocessError, OSError, KeyError, StopIteration, ValueError) as e:
            detail = getattr(e, "stderr", None) or ""
            print(f"{server.name}: skipped: {e}\n{detail[-2000:]}", file=sys.stderr)
            failed.append(server.name)
    if failed:
        print(f"not captured: {', '.join(failed)}", file=sys.stderr)


if __name__ == "__main__":
    main()
