// Commands a host sends the view outside Wave's protocol: things only the host's own UI offers
// (VS Code's "Wave: Focus Input", "Add to Prompt"), and the one request the view sends its host
// (open a file in the host's editor). They travel on the same channel as the protocol, under
// their own keys, and are validated like everything else from outside.
import { isRecord } from '@wave-agent/shared-protocol';

export const HOST_COMMAND_KEY = 'waveHostCommand';

export type HostCommand =
  | { readonly type: 'focusInput' }
  /** Appends text to the prompt (e.g. a selection with its file and lines). */
  | { readonly type: 'insertText'; readonly text: string }
  /** Adds a file of the work folder (some of its lines, 1-based) to the next message, as a chip. */
  | {
      readonly type: 'attachFile';
      readonly path: string;
      readonly lines?: { readonly from: number; readonly to: number };
    };

/** A path longer than this is no file's (the protocol's own bound). */
const MAX_PATH_CHARS = 4096;

function readLines(value: unknown): { from: number; to: number } | undefined | false {
  if (value === undefined) return undefined;
  if (!isRecord(value)) return false;
  const { from, to } = value;
  if (typeof from !== 'number' || typeof to !== 'number') return false;
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 1 || to < from) return false;
  return { from, to };
}

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
  if (
    command.type === 'attachFile' &&
    typeof command.path === 'string' &&
    command.path !== '' &&
    command.path.length <= MAX_PATH_CHARS
  ) {
    const lines = readLines(command.lines);
    if (lines === false) return undefined;
    return { type: 'attachFile', path: command.path, ...(lines ? { lines } : {}) };
  }
  return undefined;
}

export const VIEW_REQUEST_KEY = 'waveViewRequest';

/** What the view asks of its host: open a file (one of the session's memory files) to edit. */
export type ViewRequest = { readonly type: 'openFile'; readonly path: string };

export function viewRequestMessage(request: ViewRequest): {
  readonly [VIEW_REQUEST_KEY]: ViewRequest;
} {
  return { [VIEW_REQUEST_KEY]: request };
}

/** The view's request a message carries, if it is one this host knows. */
export function readViewRequest(data: unknown): ViewRequest | undefined {
  if (!isRecord(data) || !(VIEW_REQUEST_KEY in data)) return undefined;
  const request = data[VIEW_REQUEST_KEY];
  if (!isRecord(request) || request.type !== 'openFile') return undefined;
  const { path } = request;
  if (typeof path !== 'string' || path === '' || path.length > MAX_PATH_CHARS) return undefined;
  return { type: 'openFile', path };
}

export function isViewRequestMessage(data: unknown): boolean {
  return isRecord(data) && VIEW_REQUEST_KEY in data;
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
