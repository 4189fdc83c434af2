// /mcp: the session's MCP servers as every host sees them (session state, so it updates while
// the dialog is open): each one's state, the command line or URL, its tools, or why it failed.
import type { McpServerStatus } from '@wave-agent/shared-protocol';
import { ModalDialog } from './ModalDialog.js';

function stateLabel(server: McpServerStatus): string {
  if (server.state !== 'connected') return server.state;
  const count = server.tools.length;
  return `connected · ${count} ${count === 1 ? 'tool' : 'tools'}`;
}

export function McpDialog({
  servers,
  onClose,
}: {
  readonly servers: readonly McpServerStatus[];
  readonly onClose: () => void;
}) {
  return (
    <ModalDialog title="MCP servers" onCancel={onClose} className="mcp-dialog">
      {servers.length === 0 ? (
        <p>
          No MCP servers in this session. Add them to &quot;mcpServers&quot; in .mcp.json in the
          project (they start once you trust the folder) or in settings.json in $WAVE_HOME.
        </p>
      ) : (
        <ul className="mcp-servers" aria-label="MCP servers">
          {servers.map((server) => (
            <li key={server.name} data-server={server.name} data-state={server.state}>
              <span className="mcp-name">{server.name}</span>{' '}
              <span className="session-meta">{stateLabel(server)}</span>
              <code className="mcp-target">{server.target}</code>
              {server.tools.length > 0 ? (
                <span className="mcp-tools">{server.tools.join(', ')}</span>
              ) : null}
              {server.reason !== undefined ? (
                <span className="block-error">{server.reason}</span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <div className="dialog-buttons">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </ModalDialog>
  );
}
