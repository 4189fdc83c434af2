// The one IPC channel between a window's chat UI (the preload's `{ post, onMessage }`) and that
// window's `wave --stdio`. Every message's sender is checked: it must be a window this app made,
// showing the app's own page in its main frame; anything else is dropped and logged, never relayed.
import type { MessageLink, PortLike } from '@wave-agent/client';
import { relayPort } from '@wave-agent/client/node';
import type { ElectronApi, IpcMainEvent, WebContents } from './electron-api.js';
import { isAppPage } from './window-security.js';

import { WAVE_CHANNEL } from '../shared/channel.js';

interface Connection {
  readonly contents: WebContents;
  readonly listeners: Set<(data: unknown) => void>;
  readonly stop: () => void;
}

export interface IpcRelay {
  /** Relays this window's renderer to `link` until the returned function is called. */
  connect(contents: WebContents, link: MessageLink): () => void;
}

export function createIpcRelay(
  ipcMain: ElectronApi['ipcMain'],
  log: (line: string) => void,
): IpcRelay {
  const connections = new Map<number, Connection>();

  ipcMain.on(WAVE_CHANNEL, (event: IpcMainEvent, data: unknown) => {
    const connection = connections.get(event.sender.id);
    const frame = event.senderFrame;
    const fromAppPage =
      connection !== undefined &&
      frame !== null &&
      frame === event.sender.mainFrame &&
      isAppPage(frame.url);
    if (!fromAppPage) {
      log(
        `Dropped a message on ${WAVE_CHANNEL} from a sender that is not a Wave window's page (${frame?.url ?? 'no frame'}).`,
      );
      return;
    }
    for (const listener of connection.listeners) listener(data);
  });

  return {
    connect(contents, link) {
      const listeners = new Set<(data: unknown) => void>();
      const port: PortLike = {
        postMessage: (message) => {
          if (!contents.isDestroyed()) contents.send(WAVE_CHANNEL, message);
        },
        onMessage(listener) {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      };
      const stopRelay = relayPort(port, link);
      const connection: Connection = { contents, listeners, stop: stopRelay };
      connections.set(contents.id, connection);
      return () => {
        stopRelay();
        if (connections.get(contents.id) === connection) connections.delete(contents.id);
      };
    },
  };
}
