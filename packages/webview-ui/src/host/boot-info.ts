// How the view starts, as its host says: open (or rejoin) the session of a folder, or attach to
// a session the host already opened. Hosts write it into the page they serve, as a
// `<meta name="wave-boot" content="{json}">` (no script needed, so a strict CSP holds) or, where
// they load a file, as the `boot` query parameter. Anything else is refused with a sentence.
// A host may also turn on parts of the view it wants (`"sidebar": true`: the folder's sessions).
import { isRecord } from '@wave-agent/shared-protocol';

/** What a host turns on; anything but `true` leaves a part off. */
export interface BootOptions {
  /** A sidebar of the folder's sessions — list, resume, new (the desktop app shows it). */
  readonly sidebar?: true;
}

/**
 * Which session: `initialize` in this folder (a `wave web` page: the server joins its shared
 * session), or `attachSession` to a session the host opened (VS Code, the desktop app).
 */
export type BootTarget = { readonly workdir: string } | { readonly sessionId: string };

export type BootInfo = BootTarget & BootOptions;

export type BootRead =
  { readonly ok: true; readonly boot: BootInfo } | { readonly ok: false; readonly problem: string };

export function parseBootInfo(text: string | null | undefined): BootRead {
  if (text === null || text === undefined || text.trim() === '')
    return {
      ok: false,
      problem: 'The page does not say which session to show (no wave-boot information).',
    };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'The page’s wave-boot information is not JSON.' };
  }
  const options: BootOptions = isRecord(value) && value.sidebar === true ? { sidebar: true } : {};
  if (isRecord(value) && typeof value.sessionId === 'string' && value.sessionId !== '')
    return { ok: true, boot: { sessionId: value.sessionId, ...options } };
  if (isRecord(value) && typeof value.workdir === 'string' && value.workdir !== '')
    return { ok: true, boot: { workdir: value.workdir, ...options } };
  return {
    ok: false,
    problem: 'The page’s wave-boot information names neither a sessionId nor a workdir.',
  };
}

/** The boot information of this page: its wave-boot meta tag, else its `boot` query parameter. */
export function readBootInfo(doc: Document, location: Location): BootRead {
  const meta = doc.querySelector('meta[name="wave-boot"]');
  const fromMeta = meta?.getAttribute('content');
  if (fromMeta) return parseBootInfo(fromMeta);
  return parseBootInfo(new URLSearchParams(location.search).get('boot'));
}
