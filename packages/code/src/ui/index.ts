// The Ink UI of `wave`: mount it with `renderApp`.

export { App } from './App.js';
export type { AppProps } from './App.js';
export { renderApp } from './render-app.js';
export type { RenderAppOptions } from './render-app.js';
export { askTrustInTerminal } from './trust/ask-trust.js';
export type { TrustOutcome } from './trust/TrustQuestion.js';
export type {
  CommandContext,
  HostCommandHandler,
  HostCommandReply,
  HostCommandRequest,
  NoteLevel,
  SlashCommand,
} from '../commands/command-context.js';
export {
  clearCommand,
  defaultCommands,
  exitCommand,
  helpCommand,
} from './commands/default-commands.js';
export { btwCommand } from '../commands/btw-command.js';
export { compactCommand } from '../commands/compact-command.js';
export { modelCommand } from '../commands/model-command.js';
export { resumeCommand } from './commands/resume-command.js';
export { rewindCommand } from '../commands/rewind-command.js';
export type { UiNote } from './notes.js';
export { setColorsEnabled } from './render/ansi.js';
export { promptHistoryFile } from './input/prompt-history-file.js';
export type { PromptHistoryStore } from './input/prompt-history-file.js';
export { RESTORE_TITLE, terminalSignalsFor } from './terminal-signals/terminal-signals-setup.js';
export type { TerminalSignals } from './terminal-signals/use-terminal-signals.js';
