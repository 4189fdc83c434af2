// The desktop app's main process: one window per working folder (opening a folder that has one
// focuses it), a folder picker, recent folders, native menus, window state remembered. It is
// handed Electron's API (main.ts passes the real one, tests a fake), so all of it runs in tests
// without Electron's binary.
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TransportStatus } from '@wave-agent/client';
import type { WaveStdioCommand } from '@wave-agent/client/node';
import { APP_SCHEME, serveAppFile } from './app-protocol.js';
import { applicationMenu } from './app-menu.js';
import type { ElectronApi } from './electron-api.js';
import { FolderWindow } from './folder-window.js';
import { createIpcRelay } from './ipc-relay.js';
import { RecentFolders } from './recent-folders.js';
import { guardEveryWebContents } from './window-security.js';
import { WindowStates } from './window-state.js';
import { errorText } from '@wave-agent/shared-protocol';

export interface DesktopOptions {
  /** The chat UI's build (served as wave-app://ui/). */
  readonly uiRoot: string;
  /** The preload script, by absolute path. */
  readonly preloadPath: string;
  readonly wave: WaveStdioCommand;
  /** Where recent folders and window state are kept (Electron's userData). */
  readonly dataDir: string;
  readonly log: (line: string) => void;
}

/** Registers the app's scheme as a standard, secure one; Electron needs this before `ready`. */
export function registerAppScheme(electron: ElectronApi): void {
  electron.protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true },
    },
  ]);
}

export class DesktopApp {
  private readonly windows = new Map<string, FolderWindow>();
  readonly recent: RecentFolders;
  private readonly states: WindowStates;
  private readonly relay;

  constructor(
    private readonly electron: ElectronApi,
    private readonly options: DesktopOptions,
  ) {
    guardEveryWebContents(electron.app, (url) => electron.shell.openExternal(url));
    this.recent = new RecentFolders(options.dataDir, options.log);
    this.states = new WindowStates(options.dataDir, options.log);
    this.relay = createIpcRelay(electron.ipcMain, options.log);
    electron.protocol.handle(APP_SCHEME, (request) => serveAppFile(request.url, options.uiRoot));
    this.refreshMenu();
  }

  /** The window working in `folder`, if one is open. */
  windowOf(folder: string): FolderWindow | undefined {
    return this.windows.get(resolve(folder));
  }

  /** Opens (or focuses) the window of a folder. A folder that is not one is a sentence. */
  async openFolder(folder: string): Promise<FolderWindow | undefined> {
    const path = resolve(folder);
    const open = this.windows.get(path);
    if (open) {
      open.focus();
      return open;
    }
    if (!existsSync(path) || !statSync(path).isDirectory()) {
      this.electron.dialog.showErrorBox(
        'Wave',
        `${path} is not a folder. Choose a folder to work in.`,
      );
      return undefined;
    }
    const window = new FolderWindow(path, {
      electron: this.electron,
      relay: this.relay,
      preloadPath: this.options.preloadPath,
      wave: this.options.wave,
      state: this.states.of(path),
      rememberState: (state) => this.states.remember(path, state),
      closed: () => {
        this.windows.delete(path);
        this.refreshMenu();
      },
      statusChanged: (status) => this.statusChanged(path, status),
    });
    this.windows.set(path, window);
    this.recent.add(path);
    this.refreshMenu();
    try {
      await window.show();
    } catch (error) {
      const reason = errorText(error);
      this.electron.dialog.showErrorBox('Wave', `Wave could not start in ${path}: ${reason}`);
    }
    return window;
  }

  /** File › Open Folder…: the system's folder picker. */
  async pickFolder(): Promise<void> {
    const picked = await this.electron.dialog.showOpenDialog({
      title: 'Open a folder to work in',
      properties: ['openDirectory', 'createDirectory'],
    });
    const folder = picked.filePaths[0];
    if (!picked.canceled && folder) await this.openFolder(folder);
  }

  /** The window of the focused folder. */
  focused(): FolderWindow | undefined {
    const focused = this.electron.BrowserWindow.getFocusedWindow();
    return [...this.windows.values()].find((window) => window.window === focused);
  }

  async resumeMenu(): Promise<void> {
    this.refreshMenu(await this.focused()?.listSessions());
  }

  private statusChanged(folder: string, status: TransportStatus): void {
    if (status.state === 'crashed')
      this.electron.dialog.showErrorBox('Wave stopped', `${status.message} (folder: ${folder})`);
  }

  private refreshMenu(sessions?: Parameters<typeof applicationMenu>[0]['sessions']): void {
    const menu = this.electron.Menu.buildFromTemplate(
      applicationMenu({
        platform: process.platform,
        recent: this.recent.all,
        sessions: sessions ?? [],
        actions: {
          openFolder: () => void this.pickFolder(),
          openRecent: (folder) => void this.openFolder(folder),
          clearRecent: () => {
            this.recent.clear();
            this.refreshMenu();
          },
          newSession: () => void this.focused()?.session?.clear(),
          resume: (sessionId) => void this.focused()?.show(sessionId),
          stop: () => void this.focused()?.session?.abort(),
        },
      }),
    );
    this.electron.Menu.setApplicationMenu(menu);
  }
}
