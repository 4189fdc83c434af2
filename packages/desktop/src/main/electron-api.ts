// The part of Electron's main-process API the app uses, passed in rather than imported: main.ts
// hands over the real module; tests hand over the fake (test/fake-electron.ts), because
// `require('electron')` outside Electron would download its binary.
import type * as Electron from 'electron';

export type ElectronApi = Pick<
  typeof Electron,
  'app' | 'BrowserWindow' | 'dialog' | 'ipcMain' | 'Menu' | 'protocol' | 'shell'
>;

export type {
  BrowserWindow,
  IpcMainEvent,
  MenuItemConstructorOptions,
  WebContents,
} from 'electron';
