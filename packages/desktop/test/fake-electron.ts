// A FAKE of Electron's main-process API, for tests only. It stands in for the `electron` module,
// whose binary cannot be downloaded on these machines (and `require('electron')` outside Electron
// would try to download it, so no test loads it). The app takes Electron's API as a parameter
// (src/main/electron-api.ts); tests pass this object instead. It records what the app asked for
// (window options, loaded URLs, menus, dialogs, links opened, handlers installed) and lets a test
// act as Electron would: fire a window's events, answer dialogs, and deliver IPC messages with a
// sender and frame of the test's choosing. Like Electron, the app emits `web-contents-created`
// for each window's contents, and a test can create contents the app did not make (as a devtools
// window or a page's popup would). Chromium itself (the renderer) is not modelled here.
import { EventEmitter } from 'node:events';

export interface MessageBoxOptions {
  type?: string;
  title?: string;
  message: string;
  detail?: string;
  buttons?: string[];
  defaultId?: number;
  cancelId?: number;
}

export interface FakeFrame {
  url: string;
}

let nextContentsId = 1;

type PermissionRequestHandler = (
  contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
) => void;

export class FakeSession {
  permissionRequestHandler: PermissionRequestHandler | undefined;
  permissionCheckHandler: (() => boolean) | undefined;
  devicePermissionHandler: (() => boolean) | undefined;
  setDevicePermissionHandler(handler: () => boolean): void {
    this.devicePermissionHandler = handler;
  }
  setPermissionRequestHandler(handler: PermissionRequestHandler): void {
    this.permissionRequestHandler = handler;
  }
  setPermissionCheckHandler(handler: () => boolean): void {
    this.permissionCheckHandler = handler;
  }
}

export class FakeWebContents extends EventEmitter {
  readonly id = nextContentsId++;
  readonly mainFrame: FakeFrame = { url: '' };
  /** What the main process sent the renderer, per channel. */
  readonly sent: { channel: string; message: unknown }[] = [];
  /** The renderer's side: called with each message sent on a channel. */
  renderer: ((channel: string, message: unknown) => void) | undefined;
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  destroyed = false;
  readonly session = new FakeSession();

  send(channel: string, message: unknown): void {
    const copy = structuredClone(message);
    this.sent.push({ channel, message: copy });
    this.renderer?.(channel, copy);
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  getURL(): string {
    return this.mainFrame.url;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  /** Fires a navigation the page started; returns whether the app prevented it. */
  navigate(url: string): boolean {
    return this.prevented('will-navigate', url);
  }
  /** Fires a `<webview>` the page is about to attach; returns whether the app prevented it. */
  attachWebview(): boolean {
    return this.prevented('will-attach-webview', {}, {});
  }
  private prevented(event: string, ...args: unknown[]): boolean {
    let prevented = false;
    this.emit(event, { preventDefault: () => (prevented = true) }, ...args);
    return prevented;
  }
}

/** Where `web-contents-created` is emitted (the fake app), as Electron does for all contents. */
let contentsCreated: ((contents: FakeWebContents) => void) | undefined;

/** Web contents the app did not make (a devtools window, a page's popup), as Electron creates them. */
export function strangerContents(): FakeWebContents {
  const contents = new FakeWebContents();
  contentsCreated?.(contents);
  return contents;
}

export class FakeBrowserWindow extends EventEmitter {
  static readonly all: FakeBrowserWindow[] = [];
  static focusedWindow: FakeBrowserWindow | undefined;
  static getFocusedWindow(): FakeBrowserWindow | null {
    return FakeBrowserWindow.focusedWindow ?? null;
  }
  static getAllWindows(): FakeBrowserWindow[] {
    return FakeBrowserWindow.all.filter((window) => !window.closed);
  }

  readonly webContents = new FakeWebContents();
  readonly loaded: string[] = [];
  bounds: { x: number; y: number; width: number; height: number };
  maximized = false;
  minimized = false;
  visible = false;
  focusCount = 0;
  closed = false;

  constructor(readonly options: Record<string, unknown>) {
    super();
    contentsCreated?.(this.webContents);
    this.bounds = {
      x: typeof options.x === 'number' ? options.x : 0,
      y: typeof options.y === 'number' ? options.y : 0,
      width: Number(options.width),
      height: Number(options.height),
    };
    FakeBrowserWindow.all.push(this);
  }
  loadURL(url: string): Promise<void> {
    this.loaded.push(url);
    this.webContents.mainFrame.url = url;
    this.emit('ready-to-show');
    return Promise.resolve();
  }
  show(): void {
    this.visible = true;
  }
  isVisible(): boolean {
    return this.visible;
  }
  focus(): void {
    this.focusCount += 1;
    FakeBrowserWindow.focusedWindow = this;
  }
  maximize(): void {
    this.maximized = true;
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  restore(): void {
    this.minimized = false;
  }
  getNormalBounds() {
    return { ...this.bounds };
  }
  /** The user closes the window. */
  close(): void {
    this.emit('close', { preventDefault: () => undefined });
    this.closed = true;
    this.webContents.destroyed = true;
    this.emit('closed');
  }
}

export function fakeElectron(userData: string) {
  const ipcMain = new EventEmitter();
  const record = {
    menus: [] as unknown[][],
    errorBoxes: [] as string[][],
    opened: [] as string[],
    /** Folders the next showOpenDialog calls answer. */
    pickAnswers: [] as (string | undefined)[],
    /** Every message box shown: over a window or on its own, and its options. */
    messageBoxes: [] as { overWindow: boolean; options: MessageBoxOptions }[],
    /** The buttons (by index) the next message boxes answer; none left: Escape (cancelId). */
    messageBoxAnswers: [] as number[],
    schemes: [] as unknown[],
    handlers: new Map<string, (request: { url: string }) => Promise<Response> | Response>(),
  };
  const app = Object.assign(new EventEmitter(), {
    getPath: () => userData,
    isPackaged: false,
  });
  contentsCreated = (contents) => app.emit('web-contents-created', {}, contents);
  const electron = {
    app,
    BrowserWindow: FakeBrowserWindow,
    ipcMain,
    dialog: {
      showErrorBox: (title: string, content: string) =>
        void record.errorBoxes.push([title, content]),
      showMessageBox: (
        windowOrOptions: FakeBrowserWindow | MessageBoxOptions,
        maybeOptions?: MessageBoxOptions,
      ) => {
        const overWindow = windowOrOptions instanceof FakeBrowserWindow;
        const options = overWindow ? (maybeOptions as MessageBoxOptions) : windowOrOptions;
        record.messageBoxes.push({ overWindow, options });
        const response = record.messageBoxAnswers.shift() ?? options.cancelId ?? 0;
        return Promise.resolve({ response, checkboxChecked: false });
      },
      showOpenDialog: () => {
        const folder = record.pickAnswers.shift();
        return Promise.resolve({
          canceled: folder === undefined,
          filePaths: folder ? [folder] : [],
        });
      },
    },
    Menu: {
      buildFromTemplate: (template: unknown[]) => ({ template }),
      setApplicationMenu: (menu: { template: unknown[] }) => void record.menus.push(menu.template),
    },
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown[]) => void record.schemes.push(...schemes),
      handle: (scheme: string, handler: (request: { url: string }) => Promise<Response>) =>
        void record.handlers.set(scheme, handler),
    },
    shell: {
      openExternal: (url: string) => {
        record.opened.push(url);
        return Promise.resolve();
      },
    },
  };
  return { electron, record };
}

/** Delivers a message as a renderer would send it on `channel`, from `frame` of `contents`. */
export function sendFromRenderer(
  ipcMain: EventEmitter,
  channel: string,
  contents: FakeWebContents,
  message: unknown,
  frame: FakeFrame = contents.mainFrame,
): void {
  ipcMain.emit(channel, { sender: contents, senderFrame: frame }, structuredClone(message));
}
