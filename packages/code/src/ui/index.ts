// The Ink UI of `wave`: mount it with `renderApp`.

export { App } from './App.js';
export type { AppProps } from './App.js';
export { renderApp } from './render-app.js';
export type { RenderAppOptions } from './render-app.js';
export type { UiAgent } from './agent-port.js';
export { createPermissionBridge } from './permission/permission-bridge.js';
export type {
  PendingPermission,
  PermissionAnswer,
  PermissionBridge,
  PermissionQuestion,
} from './permission/permission-bridge.js';
export type {
  CommandContext,
  HostCommandHandler,
  HostCommandReply,
  HostCommandRequest,
  SlashCommand,
} from './commands/command-table.js';
export {
  clearCommand,
  defaultCommands,
  exitCommand,
  helpCommand,
  modelCommand,
} from './commands/default-commands.js';
export type { NoteLevel, UiNote } from './notes.js';
export { setColorsEnabled } from './render/ansi.js';
export { mountUiForBenchmark } from './benchmark.js';
export type { UiBenchmark, UiBenchmarkOptions } from './benchmark.js';
