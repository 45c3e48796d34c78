"""A real non-JavaScript MCP client for the end-to-end tests: the official Python SDK (`mcp`),
over stdio (spawning the server) or Streamable HTTP (a running server's URL), negotiating the
protocol as each mode says: "legacy" (the 2025 initialize handshake), "auto" (server/discover,
falling back to initialize), or a revision to pin ("2026-07-28"). Modes are comma-separated, each
a session of its own (a server spawned for each over stdio), one after the other in this process so
that Python and the SDK are loaded once. Prints one JSON line a mode.

    python python_client.py stdio <node> <cli.js> <mode>[,<mode>...]
    python python_client.py http <url> <mode>[,<mode>...]

Over HTTP, a bearer token in DIMENSIONAL_TEST_BEARER goes in every request's Authorization header
(a server that authorizes its clients).
"""
import asyncio
import json
import os
import sys

from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import create_mcp_http_client, streamable_http_client


async def session(transport, mode):
    server = StdioServerParameters(command=sys.argv[2], args=[sys.argv[3], "mcp"]) if transport == "stdio" else sys.argv[2]
    bearer = os.environ.get("DIMENSIONAL_TEST_BEARER")
    if transport == "http" and bearer:
        server = streamable_http_client(sys.argv[2], http_client=create_mcp_http_client(headers={"Authorization": f"Bearer {bearer}"}))
    async with Client(server, mode=mode) as client:
        tools = await client.list_tools()
        ok = await client.call_tool("convert", {"value": 5, "from_unit": "km", "to_unit": "mi"})
        bad = await client.call_tool("convert", {"value": 1, "from_unit": "kg", "to_unit": "m"})
        defined = await client.call_tool("define_unit", {"name": "smoot", "dimension": "length"})
        workspace = defined.structured_content.get("workspace")
        await client.call_tool("define_conversion", {"src": "smoot", "dst": "m", "factor": 1.7018, **({"workspace": workspace} if workspace else {})})
        smoots = await client.call_tool("convert", {"value": 2, "from_unit": "smoot", "to_unit": "m", **({"workspace": workspace} if workspace else {})})
        print(json.dumps({
            "mode": mode,
            "protocol_version": client.protocol_version,
            "tools": len(tools.tools),
            "quantity": ok.structured_content["quantity"],
            "error_type": bad.structured_content["error_type"],
            "bad_is_error": bad.is_error,
            "workspace": workspace,
            "smoots_in_m": smoots.structured_content.get("quantity"),
        }), flush=True)


async def main():
    for mode in sys.argv[-1].split(","):
        await session(sys.argv[1], mode)


asyncio.run(main())
