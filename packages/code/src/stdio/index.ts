// wave --stdio: the JSON-RPC bridge that VS Code and the desktop app spawn.
export { runStdioBridge } from './run-stdio-bridge.js';
export type { AgentOptionsFor, StdioBridgeOptions } from './run-stdio-bridge.js';
export { runStdioMode } from './stdio-mode.js';
export type { StdioModeRun } from './stdio-mode.js';
export {
  DEFAULT_PERMISSION_TIMEOUT_MS,
  PERMISSION_TIMEOUT_VARIABLE,
} from './permission-timeout.js';
