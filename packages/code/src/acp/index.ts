// wave --acp: the Agent Client Protocol for editors (Zed and others) on stdin/stdout.
export { runAcpMode } from './acp-mode.js';
export type { AcpModeRun } from './acp-mode.js';
