"""The official MCP Python SDK's OAuth client on a server that takes bearer tokens.

Usage: mcp_oauth_client.py http://HOST:PORT/mcp ISSUER_URL

The client starts with no token. It follows the server's 401 to the protected
resource metadata (RFC 9728), the authorization server's metadata (RFC 8414),
and a token by client credentials (`ClientCredentialsOAuthProvider`), then
calls `whoami`. The authorization server grants `alice` only `notes:read`, so
`write_note` is refused with the step-up challenge: the client asks again,
gets no more, and sees the server's refusal. Once the administrator grants
`notes:write`, the same client steps up and the call goes through. Exits
non-zero on the first mismatch.
"""

import asyncio
import sys
from typing import Any

import httpx2
from mcp import ClientSession
from mcp.client.auth.extensions.client_credentials import ClientCredentialsOAuthProvider
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.auth import OAuthClientInformationFull, OAuthToken
from mcp.shared.exceptions import MCPError


def check(label: str, actual: Any, expected: Any) -> None:
    if actual != expected:
        sys.exit(f"FAIL {label}:\n  expected {expected!r}\n  got      {actual!r}")
    print(f"ok  {label}")


class Memory:
    """Tokens and client information kept for this run only."""

    def __init__(self) -> None:
        self.tokens: OAuthToken | None = None
        self.client: OAuthClientInformationFull | None = None

    async def get_tokens(self) -> OAuthToken | None:
        return self.tokens

    async def set_tokens(self, tokens: OAuthToken) -> None:
        self.tokens = tokens

    async def get_client_info(self) -> OAuthClientInformationFull | None:
        return self.client

    async def set_client_info(self, client_info: OAuthClientInformationFull) -> None:
        self.client = client_info


def text(result: Any) -> str:
    return result.content[0].text


async def main(url: str, issuer: str) -> None:
    provider = ClientCredentialsOAuthProvider(
        server_url=url,
        storage=Memory(),
        client_id="alice",
        client_secret="alice-secret",
        token_endpoint_auth_method="client_secret_post",
        issuer=issuer,
    )
    async with httpx2.AsyncClient(auth=provider, timeout=30) as http:
        async with streamable_http_client(url, http_client=http) as (read, write, *_):
            async with ClientSession(read, write) as session:
                await session.initialize()
                result = await session.call_tool("whoami", {})
                check("the tool sees the caller the token names", text(result), f"alice ({issuer}) notes:read")

                try:
                    await session.call_tool("write_note", {"text": "hi"})
                    sys.exit("FAIL write_note went through without notes:write")
                except MCPError as refused:
                    check(
                        "a token lacking the scope: the step-up, then the refusal the client sees",
                        refused.error.message,
                        "Forbidden: write_note needs the scope notes:write, which the bearer token "
                        "does not grant; ask the authorization server for a token with it",
                    )

                # The administrator grants alice `notes:write`.
                grant = await httpx2.AsyncClient().post(f"{issuer}/grant", data={"client_id": "alice"})
                check("the grant", grant.status_code, 200)
                result = await session.call_tool("write_note", {"text": "hi"})
                check("after the step-up the call goes through", text(result), "alice wrote hi")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
