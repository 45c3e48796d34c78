"""A real non-JavaScript MCP client for the end-to-end tests: the official Python SDK (`mcp`),
over stdio (spawning the server) or Streamable HTTP (a running server's URL). Prints one JSON line.

    python python_client.py stdio <node> <cli.ts>
    python python_client.py http <url>
"""
import asyncio
import json
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


async def exercise(read, write):
    async with ClientSession(read, write) as session:
        await session.initialize()
        tools = await session.list_tools()
        ok = await session.call_tool("convert", {"value": 5, "from_unit": "km", "to_unit": "mi"})
        bad = await session.call_tool("convert", {"value": 1, "from_unit": "kg", "to_unit": "m"})
        print(json.dumps({
            "tools": len(tools.tools),
            "quantity": ok.structured_content["quantity"],
            "error_type": bad.structured_content["error_type"],
            "bad_is_error": bad.is_error,
        }))


async def main():
    mode = sys.argv[1]
    if mode == "stdio":
        params = StdioServerParameters(command=sys.argv[2], args=[sys.argv[3], "mcp"])
        async with stdio_client(params) as (read, write):
            await exercise(read, write)
    else:
        from mcp.client.streamable_http import streamable_http_client
        async with streamable_http_client(sys.argv[2]) as streams:
            await exercise(streams[0], streams[1])


asyncio.run(main())
