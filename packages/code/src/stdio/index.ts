// wave --stdio: the JSON-RPC bridge that VS Code and the desktop app spawn.
export { runStdioBridge } from './run-stdio-bridge.js';
export type { StdioBridgeOptions } from './run-stdio-bridge.js';
export { runStdioMode } from './stdio-mode.js';
export type { StdioModeRun } from './stdio-mode.js';
export type { AgentOptionsFor } from './open-session.js';
export { PERMISSION_TIMEOUT_VARIABLE } from './permission-timeout.js';
export { DEFAULT_PERMISSION_TIMEOUT_MS } from './permission-asker.js';
