// Commands a host sends the view outside Wave's protocol: things only the host's own UI offers
// (VS Code's "Wave: Focus Input", "Add Selection to Prompt"). They travel on the same channel as
// the protocol, under their own key, and are validated like everything else from outside.
import { isRecord } from '@wave-agent/shared-protocol';

export const HOST_COMMAND_KEY = 'waveHostCommand';

export type HostCommand =
  | { readonly type: 'focusInput' }
  /** Appends text to the prompt (e.g. a selection with its file and lines). */
  | { readonly type: 'insertText'; readonly text: string };

/** Text a host may insert at once; more is cut (a stray paste of a whole file is not a prompt). */
const MAX_INSERT_CHARS = 200_000;

/** The host command a message carries, if it carries one that this UI knows. */
export function readHostCommand(data: unknown): HostCommand | undefined {
  if (!isRecord(data) || !(HOST_COMMAND_KEY in data)) return undefined;
  const command = data[HOST_COMMAND_KEY];
  if (!isRecord(command)) return undefined;
  if (command.type === 'focusInput') return { type: 'focusInput' };
  if (command.type === 'insertText' && typeof command.text === 'string')
    return { type: 'insertText', text: command.text.slice(0, MAX_INSERT_CHARS) };
  return undefined;
}

export function isHostCommandMessage(data: unknown): boolean {
  return isRecord(data) && HOST_COMMAND_KEY in data;
}

/**
 * A host whose view was hidden tells the page when it is shown again (a VS Code webview: its
 * document's visibility does not change, and a hidden view may have missed messages); the UI
 * pulls the session's state then, as on a visibility change. Not a command for the UI itself.
 */
export function isShownSignal(data: unknown): boolean {
  if (!isRecord(data)) return false;
  const signal = data[HOST_COMMAND_KEY];
  return isRecord(signal) && signal.type === 'shown';
}
