// The preload (sandboxed, context-isolated): the chat UI's only way out is `window.waveHost`,
// `{ post, onMessage }` on one IPC channel. No Node, no ipcRenderer, no other channel reaches
// the page; the main process checks who sent each message.
import { contextBridge, ipcRenderer } from 'electron';
import type { IpcRendererEvent } from 'electron';
import { WAVE_CHANNEL as CHANNEL } from '../shared/channel.js';

contextBridge.exposeInMainWorld('waveHost', {
  post(message: unknown): void {
    ipcRenderer.send(CHANNEL, message);
  },
  onMessage(listener: (data: unknown) => void): () => void {
    const deliver = (_event: IpcRendererEvent, data: unknown): void => listener(data);
    ipcRenderer.on(CHANNEL, deliver);
    return () => {
      ipcRenderer.removeListener(CHANNEL, deliver);
    };
  },
});
