// A FAKE of the `vscode` module, for tests only. It stands in for VS Code's extension API, which
// exists only inside VS Code: VS Code cannot be downloaded on these machines (@vscode/test-electron
// fetches it), so the tests load the real extension with this module in its place (vitest.config.ts
// aliases `vscode` here). It implements the part of the API the extension uses, with VS Code's
// documented behaviour where it matters to Wave:
// - a webview's `postMessage` delivers a structured clone, and nothing while the view is hidden
//   (the worst case the docs allow: the view must pull its state when shown again);
// - configuration has user (global) and workspace values, as `inspect()` reports them;
// - SecretStorage and workspaceState are in-memory maps; dialogs answer from a queue the test fills: a button's
//   title or a pick's label, `{ typed }` for what the user types into a QuickPick before Enter
//   (VS Code filters the items by it and accepts the first one left), undefined for Escape, or
//   a promise of one of those for an answer the test gives later.
// Everything else (the workbench, extension loading, the webview's iframe) is not modelled: the
// page side of a webview is a real Chromium page in the contract test (test/chromium-webview.ts).
import { EventEmitter as NodeEmitter } from 'node:events';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export class Disposable {
  constructor(private readonly callOnDispose: () => unknown) {}
  static from(...items: { dispose(): unknown }[]): Disposable {
    return new Disposable(() => items.forEach((item) => item.dispose()));
  }
  dispose(): void {
    this.callOnDispose();
  }
}

export type Event<T> = (listener: (value: T) => unknown) => Disposable;

export class EventEmitter<T> {
  private readonly listeners = new Set<(value: T) => unknown>();
  readonly event: Event<T> = (listener) => {
    this.listeners.add(listener);
    return new Disposable(() => this.listeners.delete(listener));
  };
  fire(value: T): void {
    for (const listener of [...this.listeners]) listener(value);
  }
  dispose(): void {
    this.listeners.clear();
  }
}

export class Uri {
  protected constructor(
    readonly scheme: string,
    readonly path: string,
  ) {}
  static file(path: string): Uri {
    return new Uri('file', path);
  }
  static from(parts: { scheme: string; path: string; query?: string }): Uri {
    return new Uri(parts.scheme, parts.query ? `${parts.path}?${parts.query}` : parts.path);
  }
  static joinPath(base: Uri, ...parts: string[]): Uri {
    return new Uri(base.scheme, join(base.path, ...parts));
  }
  get fsPath(): string {
    return this.path;
  }
  toString(): string {
    return this.scheme === 'file' ? pathToFileURL(this.path).href : `${this.scheme}://${this.path}`;
  }
}

export enum ViewColumn {
  Active = -1,
  Beside = -2,
  One = 1,
}

// --- Webviews -------------------------------------------------------------------------------

/** Where a test's page is: how VS Code's webview resources are addressed, and the page itself. */
export interface WebviewPage {
  /** The origin resources are served from (`webview.cspSource`). */
  readonly origin: string;
  /** The URL a file is served at. */
  resourceUrl(fsPath: string): string;
  /** The extension set the webview's HTML: load it. */
  load(html: string): void;
  /** The extension posted a message: deliver it to the page. */
  deliver(message: unknown): void;
}

export class FakeWebview {
  options: unknown = {};
  private content = '';
  readonly htmls: string[] = [];
  readonly received = new EventEmitter<unknown>();
  readonly onDidReceiveMessage = this.received.event;
  /** Messages the extension posted while the view was hidden: VS Code may drop them; so do we. */
  dropped = 0;
  page: WebviewPage | undefined;

  constructor(private readonly isVisible: () => boolean) {}

  get cspSource(): string {
    return this.page?.origin ?? 'https://file+.vscode-resource.vscode-cdn.net';
  }
  get html(): string {
    return this.content;
  }
  set html(value: string) {
    this.content = value;
    this.htmls.push(value);
    this.page?.load(value);
  }
  asWebviewUri(uri: Uri): Uri {
    const url = this.page?.resourceUrl(uri.fsPath);
    return url === undefined ? uri : new FakeUrlUri(url);
  }
  postMessage(message: unknown): Promise<boolean> {
    if (!this.isVisible()) {
      this.dropped += 1;
      return Promise.resolve(false);
    }
    this.page?.deliver(structuredClone(message));
    return Promise.resolve(true);
  }
  /** The page posted a message (what `acquireVsCodeApi().postMessage` does). */
  fromPage(message: unknown): void {
    this.received.fire(structuredClone(message));
  }
}

class FakeUrlUri extends Uri {
  constructor(private readonly url: string) {
    super('https', url);
  }
  override toString(): string {
    return this.url;
  }
}

abstract class FakeSurface {
  visible = true;
  readonly webview = new FakeWebview(() => this.visible);
  protected readonly visibility = new EventEmitter<void>();
  protected readonly disposed = new EventEmitter<void>();
  readonly onDidDispose = this.disposed.event;
  /** Hides or shows the view, as the user switching away and back does. */
  setVisible(visible: boolean): void {
    this.visible = visible;
    this.visibility.fire();
  }
  dispose(): void {
    this.disposed.fire();
  }
}

export class FakeWebviewView extends FakeSurface {
  readonly onDidChangeVisibility = this.visibility.event;
  constructor(readonly viewType: string) {
    super();
  }
  show(): void {
    if (!this.visible) this.setVisible(true);
  }
}

export class FakeWebviewPanel extends FakeSurface {
  active = true;
  title: string;
  readonly onDidChangeViewState = this.visibility.event;
  constructor(
    readonly viewType: string,
    title: string,
    readonly panelOptions: Record<string, unknown>,
  ) {
    super();
    this.title = title;
    this.webview.options = panelOptions;
  }
  reveal(): void {
    this.active = true;
    if (!this.visible) this.setVisible(true);
  }
}

// --- The API the extension calls ------------------------------------------------------------

type Provider = { resolveWebviewView(view: FakeWebviewView): unknown };

/** What a dialog answers: see the top of this file. */
export type FakeAnswer =
  | string
  | undefined
  | { readonly typed: string }
  | Promise<string | undefined | { readonly typed: string }>;

interface FakePickItem {
  label: string;
  description?: string;
  picked?: boolean;
  alwaysShow?: boolean;
}

/** A QuickPick as the user saw it when it opened. */
export interface ShownPick {
  readonly title?: string;
  readonly placeholder?: string;
  readonly items: readonly { label: string; description?: string; picked?: boolean }[];
  /** The labels of the items selected when it opened. */
  readonly active: readonly string[];
}

/** What the fake recorded and what the test controls. */
export const fake = {
  providers: new Map<string, { provider: Provider; options: unknown }>(),
  commands: new Map<string, (...args: unknown[]) => unknown>(),
  executed: [] as { command: string; args: unknown[] }[],
  panels: [] as FakeWebviewPanel[],
  /** Every notification and dialog shown: [kind, message, ...buttons]. */
  shown: [] as string[][],
  /** The options object each of `shown` came with (`{ modal, detail }`), or undefined. */
  shownOptions: [] as unknown[],
  /** What the next dialogs answer, in order (see the top of this file). */
  answers: [] as FakeAnswer[],
  /** Every QuickPick shown, as it opened. */
  quickPicks: [] as ShownPick[],
  userSettings: new Map<string, unknown>(),
  workspaceSettings: new Map<string, unknown>(),
  workspaceFolder: undefined as string | undefined,
  activeTextEditor: undefined as unknown,
  output: [] as string[],
  shownEvents: new NodeEmitter(),
  /** A page for every webview the extension gets (the Chromium harness sets it). */
  pageFor: undefined as ((webview: FakeWebview) => WebviewPage) | undefined,

  reset(): void {
    this.providers.clear();
    this.commands.clear();
    this.executed.length = 0;
    this.panels.length = 0;
    this.shown.length = 0;
    this.shownOptions.length = 0;
    this.answers.length = 0;
    this.quickPicks.length = 0;
    this.userSettings.clear();
    this.workspaceSettings.clear();
    this.workspaceFolder = undefined;
    this.activeTextEditor = undefined;
    this.output.length = 0;
    this.pageFor = undefined;
  },

  /** Shows the sidebar's view, as opening the Wave activity bar item does. */
  async resolveView(viewId: string): Promise<FakeWebviewView> {
    const registered = this.providers.get(viewId);
    if (!registered) throw new Error(`No provider is registered for the view ${viewId}.`);
    const view = new FakeWebviewView(viewId);
    if (this.pageFor) view.webview.page = this.pageFor(view.webview);
    await registered.provider.resolveWebviewView(view);
    return view;
  },

  async run(command: string, ...args: unknown[]): Promise<unknown> {
    const handler = this.commands.get(command);
    if (!handler) throw new Error(`The command ${command} is not registered.`);
    return await handler(...args);
  },
};

async function nextAnswer(): Promise<string | undefined | { readonly typed: string }> {
  return await fake.answers.shift();
}

async function answer(
  kind: string,
  message: string,
  buttons: string[],
  options?: unknown,
): Promise<string | undefined> {
  fake.shown.push([kind, message, ...buttons]);
  fake.shownOptions.push(options);
  fake.shownEvents.emit('shown', kind, message);
  const given = await nextAnswer();
  return typeof given === 'object' ? given.typed : given;
}

function recordPick(pick: Omit<ShownPick, 'items'> & { items: readonly FakePickItem[] }): void {
  fake.quickPicks.push({
    ...pick,
    items: pick.items.map(({ label, description, picked }) => ({
      label,
      ...(description === undefined ? {} : { description }),
      ...(picked === undefined ? {} : { picked }),
    })),
  });
  fake.shown.push(['quickPick', pick.items.map((item) => item.label).join('|')]);
  fake.shownEvents.emit('shown', 'quickPick', pick.title ?? '');
}

/** `window.createQuickPick()`: the user answers once it is shown (the queue's next answer). */
class FakeQuickPick<T extends FakePickItem> {
  title: string | undefined;
  placeholder: string | undefined;
  value = '';
  items: readonly T[] = [];
  activeItems: readonly T[] = [];
  selectedItems: readonly T[] = [];
  private readonly changed = new EventEmitter<string>();
  private readonly accepted = new EventEmitter<void>();
  private readonly hidden = new EventEmitter<void>();
  readonly onDidChangeValue = this.changed.event;
  readonly onDidAccept = this.accepted.event;
  readonly onDidHide = this.hidden.event;
  private open = false;

  show(): void {
    this.open = true;
    recordPick({
      ...(this.title === undefined ? {} : { title: this.title }),
      ...(this.placeholder === undefined ? {} : { placeholder: this.placeholder }),
      items: this.items,
      active: this.activeItems.map((item) => item.label),
    });
    void nextAnswer().then((given) => {
      if (given === undefined) return this.hide();
      if (typeof given === 'object') {
        this.value = given.typed;
        this.changed.fire(given.typed);
        const typed = given.typed.toLowerCase();
        const left = this.items.filter(
          (item) => item.alwaysShow === true || item.label.toLowerCase().includes(typed),
        );
        this.activeItems = left.slice(0, 1);
      } else {
        const item = this.items.find((candidate) => candidate.label === given);
        if (!item) throw new Error(`The QuickPick has no item "${given}".`);
        this.activeItems = [item];
      }
      this.selectedItems = this.activeItems;
      this.accepted.fire();
    });
  }
  hide(): void {
    if (!this.open) return;
    this.open = false;
    this.hidden.fire();
  }
  dispose(): void {
    this.hide();
  }
}

function buttonsOf(rest: unknown[]): string[] {
  return rest.filter((item): item is string => typeof item === 'string');
}

/** A message's options object (VS Code takes it before the buttons), kept for the test. */
function optionsOf(rest: unknown[]): unknown {
  return typeof rest[0] === 'object' && rest[0] !== null ? rest[0] : undefined;
}

export const window = {
  tabGroups: {
    all: [] as { tabs: { input: unknown }[] }[],
    activeTabGroup: { activeTab: undefined as { input: unknown } | undefined },
    close: (_tabs: unknown) => Promise.resolve(true),
  },
  registerWebviewViewProvider(viewId: string, provider: Provider, options?: unknown): Disposable {
    fake.providers.set(viewId, { provider, options });
    return new Disposable(() => fake.providers.delete(viewId));
  },
  /** Registered only: a window reload is checked in the real VS Code (test/real-vscode). */
  registerWebviewPanelSerializer(_viewType: string, _serializer: unknown): Disposable {
    return new Disposable(() => undefined);
  },
  createWebviewPanel(
    viewType: string,
    title: string,
    _column: unknown,
    options: Record<string, unknown> = {},
  ): FakeWebviewPanel {
    const panel = new FakeWebviewPanel(viewType, title, options);
    if (fake.pageFor) panel.webview.page = fake.pageFor(panel.webview);
    fake.panels.push(panel);
    return panel;
  },
  showErrorMessage: (message: string, ...rest: unknown[]) =>
    answer('error', message, buttonsOf(rest), optionsOf(rest)),
  showWarningMessage: (message: string, ...rest: unknown[]) =>
    answer('warning', message, buttonsOf(rest), optionsOf(rest)),
  showInformationMessage: (message: string, ...rest: unknown[]) =>
    answer('information', message, buttonsOf(rest), optionsOf(rest)),
  async showQuickPick<T extends FakePickItem>(
    items: T[],
    options: { placeHolder?: string; title?: string } = {},
  ): Promise<T | undefined> {
    recordPick({
      ...(options.title === undefined ? {} : { title: options.title }),
      ...(options.placeHolder === undefined ? {} : { placeholder: options.placeHolder }),
      items,
      active: [],
    });
    const given = await nextAnswer();
    const label = typeof given === 'object' ? given.typed : given;
    return items.find((item) => item.label === label);
  },
  createQuickPick<T extends FakePickItem>(): FakeQuickPick<T> {
    return new FakeQuickPick<T>();
  },
  showInputBox: (options: { prompt?: string }) => answer('inputBox', options.prompt ?? '', []),
  createOutputChannel: () => ({
    append: (text: string) => fake.output.push(text),
    appendLine: (text: string) => fake.output.push(`${text}\n`),
    dispose: () => undefined,
  }),
  get activeTextEditor() {
    return fake.activeTextEditor;
  },
};

export const commands = {
  registerCommand(command: string, handler: (...args: unknown[]) => unknown): Disposable {
    if (fake.commands.has(command)) throw new Error(`The command ${command} already exists.`);
    fake.commands.set(command, handler);
    return new Disposable(() => fake.commands.delete(command));
  },
  executeCommand(command: string, ...args: unknown[]): Promise<unknown> {
    fake.executed.push({ command, args });
    const own = fake.commands.get(command);
    if (own) return Promise.resolve(own(...args));
    if (command === 'wave.chatView.focus') return Promise.resolve(undefined);
    return Promise.resolve(undefined);
  },
};

/** The diff editor's tab input (no tabs are modelled: diffs are checked in test/real-vscode). */
export class TabInputTextDiff {
  constructor(
    readonly original: Uri,
    readonly modified: Uri,
  ) {}
}

export const workspace = {
  registerTextDocumentContentProvider(_scheme: string, _provider: unknown): Disposable {
    return new Disposable(() => undefined);
  },
  getConfiguration(section: string) {
    const key = (name: string) => `${section}.${name}`;
    return {
      get: <T>(name: string): T | undefined =>
        (fake.workspaceSettings.get(key(name)) ?? fake.userSettings.get(key(name))) as
          T | undefined,
      inspect: <T>(name: string) => ({
        key: key(name),
        globalValue: fake.userSettings.get(key(name)) as T | undefined,
        workspaceValue: fake.workspaceSettings.get(key(name)) as T | undefined,
      }),
    };
  },
  get workspaceFolders() {
    return fake.workspaceFolder === undefined
      ? undefined
      : [{ uri: Uri.file(fake.workspaceFolder), name: 'folder', index: 0 }];
  },
  asRelativePath(uri: Uri): string {
    const root = fake.workspaceFolder;
    return root && uri.fsPath.startsWith(`${root}/`)
      ? uri.fsPath.slice(root.length + 1)
      : uri.fsPath;
  },
};

/** An ExtensionContext for an extension installed at `extensionPath`. */
export function fakeExtensionContext(extensionPath: string) {
  const secrets = new Map<string, string>();
  const workspaceState = new Map<string, unknown>();
  return {
    subscriptions: [] as { dispose(): unknown }[],
    extensionUri: Uri.file(extensionPath),
    extensionPath,
    secrets: {
      get: (name: string) => Promise.resolve(secrets.get(name)),
      store: (name: string, value: string) => Promise.resolve(void secrets.set(name, value)),
      delete: (name: string) => Promise.resolve(void secrets.delete(name)),
      onDidChange: new EventEmitter<unknown>().event,
    },
    workspaceState: {
      get: <T>(key: string): T | undefined => workspaceState.get(key) as T | undefined,
      update: (key: string, value: unknown) => Promise.resolve(void workspaceState.set(key, value)),
      keys: () => [...workspaceState.keys()],
    },
    /** What deactivation does: every subscription disposed. */
    dispose(): void {
      for (const item of this.subscriptions.splice(0)) item.dispose();
    },
  };
}
