// A FAKE of the `electron` module as a sandboxed preload sees it (contextBridge and ipcRenderer),
// for tests only: Electron's binary cannot run here, so the real preload (its bundle, as
// build.mjs makes it) is run against this instead — in Node by preload.test.ts, and in Chromium
// before the chat UI by the renderer test. It models what the preload relies on: contextBridge
// puts a frozen copy of the API on the page's window (a property that is already there is an
// error, as in Electron), and ipcRenderer sends on a channel and calls its listeners with
// (event, data) as Electron does; what the page can reach is only what the preload exposed.

export interface FakeIpcEvent {
  readonly sender: unknown;
}

type IpcListener = (event: FakeIpcEvent, data: unknown) => void;

export interface FakePreloadElectron {
  /** What `require('electron')` gives the preload. */
  readonly electron: {
    readonly contextBridge: { exposeInMainWorld(key: string, api: unknown): void };
    readonly ipcRenderer: {
      send(channel: string, message: unknown): void;
      on(channel: string, listener: IpcListener): void;
      removeListener(channel: string, listener: IpcListener): void;
    };
  };
  /** The main process sends `data` on `channel` to this renderer. */
  deliver(channel: string, data: unknown): void;
  /** How many listeners the preload has on `channel` now. */
  listeners(channel: string): number;
}

function frozenCopy(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = frozenCopy(item);
  return Object.freeze(copy);
}

/** `world` is the page's window; `send` carries what the preload sends to the main process. */
export function fakePreloadElectron(
  world: Record<string, unknown>,
  send: (channel: string, message: unknown) => void,
): FakePreloadElectron {
  const byChannel = new Map<string, Set<IpcListener>>();
  const ipcRenderer = {
    send: (channel: string, message: unknown) => send(channel, structuredClone(message)),
    on(channel: string, listener: IpcListener) {
      const listeners = byChannel.get(channel) ?? new Set();
      byChannel.set(channel, listeners);
      listeners.add(listener);
    },
    removeListener(channel: string, listener: IpcListener) {
      byChannel.get(channel)?.delete(listener);
    },
  };
  return {
    electron: {
      contextBridge: {
        exposeInMainWorld(key, api) {
          if (key in world) throw new Error(`Cannot bind an API on top of an existing property.`);
          Object.defineProperty(world, key, { value: frozenCopy(api), enumerable: true });
        },
      },
      ipcRenderer,
    },
    deliver(channel, data) {
      for (const listener of byChannel.get(channel) ?? [])
        listener({ sender: ipcRenderer }, structuredClone(data));
    },
    listeners: (channel) => byChannel.get(channel)?.size ?? 0,
  };
}

/** The `require` of Electron's sandboxed preload loader, as far as Wave's preload needs: 'electron'. */
export function preloadRequire(electron: FakePreloadElectron['electron']) {
  return (name: string): unknown => {
    if (name === 'electron') return electron;
    throw new Error(`A sandboxed preload can require only 'electron', not '${name}'.`);
  };
}
