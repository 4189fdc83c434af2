// One window, working in one folder: its own `wave --stdio` (started in that folder), shared by
// the main process's client (which opens and lists sessions, and asks the user whether to trust
// the folder's own settings when Wave asks) and the window's chat UI (relayed over IPC). The window shows one session at a time; New and Resume switch it, and the page
// reloads attached to the new one.
import { transportOverLink, WaveClient } from '@wave-agent/client';
import type { SessionHandle, TransportStatus } from '@wave-agent/client';
import { childProcessLink, shareLink } from '@wave-agent/client/node';
import type { SharedLink, WaveStdioCommand } from '@wave-agent/client/node';
import type { SessionSummary } from '@wave-agent/shared-protocol';
import { pageUrl } from './app-protocol.js';
import type { BrowserWindow, ElectronApi } from './electron-api.js';
import type { IpcRelay } from './ipc-relay.js';
import { askTrustInDialog } from './trust-question.js';
import { guardWebContents, webPreferences } from './window-security.js';
import type { WindowState } from './window-state.js';

export interface FolderWindowDeps {
  readonly electron: ElectronApi;
  readonly relay: IpcRelay;
  readonly preloadPath: string;
  readonly wave: WaveStdioCommand;
  readonly state: WindowState;
  readonly rememberState: (state: WindowState) => void;
  readonly closed: () => void;
  readonly statusChanged: (status: TransportStatus) => void;
}

export class FolderWindow {
  readonly window: BrowserWindow;
  private readonly shared: SharedLink;
  private readonly client: WaveClient;
  private stopRelay: (() => void) | undefined;
  private handle: SessionHandle | undefined;

  constructor(
    readonly folder: string,
    private readonly deps: FolderWindowDeps,
  ) {
    const { electron, state } = deps;
    this.window = new electron.BrowserWindow({
      title: `Wave — ${folder}`,
      width: state.width,
      height: state.height,
      ...(state.x !== undefined && state.y !== undefined ? { x: state.x, y: state.y } : {}),
      show: false,
      webPreferences: webPreferences(deps.preloadPath),
    });
    if (state.maximized) this.window.maximize();
    guardWebContents(this.window.webContents, (url) => electron.shell.openExternal(url));
    this.window.once('ready-to-show', () => this.window.show());
    this.window.on('close', () => this.saveState());
    this.window.on('closed', () => void this.dispose());

    this.shared = shareLink(
      childProcessLink({ ...deps.wave, args: [...deps.wave.args], cwd: folder }),
    );
    // The main process relays the window's batches; it keeps no live copy of the session.
    this.client = new WaveClient(transportOverLink(this.shared.open()), {
      onServerRequest: askTrustInDialog(electron.dialog, this.window),
      sessionState: 'onDemand',
    });
    this.client.onStatus((status) => deps.statusChanged(status));
  }

  get session(): SessionHandle | undefined {
    return this.handle;
  }

  /** Shows a session in this window: a new one, or the stored one named. */
  async show(sessionId?: string): Promise<void> {
    this.stopRelay?.();
    this.stopRelay = this.deps.relay.connect(
      this.window.webContents,
      this.shared.open({ routeBySession: true }),
    );
    this.handle = await this.client.open({
      workdir: this.folder,
      host: 'desktop',
      ...(sessionId === undefined ? {} : { sessionId }),
    });
    await this.window.loadURL(pageUrl(this.handle.id));
  }

  listSessions(): Promise<readonly SessionSummary[]> {
    return this.client.listSessions(this.folder);
  }

  focus(): void {
    if (this.window.isMinimized()) this.window.restore();
    this.window.focus();
  }

  private saveState(): void {
    const bounds = this.window.getNormalBounds();
    this.deps.rememberState({ ...bounds, maximized: this.window.isMaximized() });
  }

  private async dispose(): Promise<void> {
    this.stopRelay?.();
    this.client.dispose();
    this.deps.closed();
    await this.shared.close();
  }
}
