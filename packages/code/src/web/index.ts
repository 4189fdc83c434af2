// `wave web`: the chat UI in any browser, on this machine, behind a random token.
export { runWebMode } from './web-mode.js';
export type { WebModeRun } from './web-mode.js';
