// `wave mcp --help`: the subcommands in Claude Code 2.1's syntax, and where each scope is kept.

export const MCP_HELP_TEXT = `wave mcp: add, list and remove MCP servers, as claude mcp does.

Usage:
  wave mcp add [-s SCOPE] [-t stdio|sse|http] [-e KEY=value…] [-H "Name: value"…]
               NAME COMMAND|URL [-- ARGS…]
                                   add a server: a program Wave starts (stdio, the default)
                                   or a URL (-t http, -t sse)
  wave mcp add-json [-s SCOPE] NAME JSON|-
                                   add a server from its JSON, as in .mcp.json (- reads stdin)
  wave mcp list                    list the servers, connecting to each to say its state
  wave mcp get NAME                one server's scope, state and configuration (exit 1: unknown)
  wave mcp remove [-s SCOPE] NAME  remove a server (from the one scope that has it, or SCOPE)
  wave mcp reset-project-choices   forget your approvals of this folder's .mcp.json servers,
                                   so each is asked about again
  wave mcp -h, --help              print this help

Scopes (-s, default local):
  local     yours, this folder only: $WAVE_HOME/local-mcp-servers.json
  project   shared with the repository: .mcp.json in this folder (each server starts once
            you approve it)
  user      yours, every folder: "mcpServers" in $WAVE_HOME/settings.json
A name in two scopes is taken from local, then project, then user. $WAVE_HOME defaults to ~/.wave.
`;
