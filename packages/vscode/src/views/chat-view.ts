// One chat view (the sidebar's, or an editor tab): a webview showing one session. The extension
// opens the session (its key and settings never enter the webview), relays the webview to
// `wave --stdio` on a link of its own, and writes the session's id into the page, which attaches.
// When the view is shown again it tells the page, which pulls the state (a hidden webview may
// have missed messages). A view that cannot start says why, with links to fix it.
import type { Disposable, Webview } from 'vscode';
import type { MessageLink, PortLike, SessionHandle } from '@wave-agent/client';
import { relayPort } from '@wave-agent/client/node';
import {
  HOST_COMMAND_KEY,
  isViewRequestMessage,
  readViewRequest,
} from '@wave-agent/webview-ui/host-commands';
import type { HostCommand, ViewRequest } from '@wave-agent/webview-ui/host-commands';
import type { WaveProcess } from '../host/wave-process.js';
import { chatHtml, noticeHtml } from './webview-html.js';
import type { NoticeLink, WebviewFiles } from './webview-html.js';

/** What differs between a sidebar view and an editor panel. */
export interface ChatSurface {
  readonly kind: 'sidebar' | 'editor';
  readonly webview: Webview;
  readonly visible: boolean;
  onDidChangeVisibility(listener: () => void): Disposable;
  onDidDispose(listener: () => void): Disposable;
  reveal(): void;
  /** Keeps the session shown, for the view to show it again after a reload (the sidebar's). */
  remember?(sessionId: string): void;
}

export interface ChatViewDeps {
  readonly process: WaveProcess;
  /** The folder Wave works in; undefined when VS Code has none open. */
  readonly workdir: () => string | undefined;
  readonly files: (webview: Webview) => WebviewFiles;
  readonly closed: (view: ChatView) => void;
  /** A problem the user should know of that no view shows any more (to the output channel). */
  readonly report: (sentence: string) => void;
  /** Shows the session's Edit/Write questions as diffs; returns the function that stops. */
  readonly watchChanges?: (session: SessionHandle, workdir: string) => () => void;
  /** Opens a file in an editor tab (a memory file the page's /memory N names). */
  readonly openInEditor: (path: string) => Promise<void>;
  /** Says a problem to the user (a notification). */
  readonly warn: (sentence: string) => void;
}

/** What the extension tells the page: the UI's own commands, and that the view is shown again. */
export type HostMessage = HostCommand | { readonly type: 'shown' };

const OPEN_FAILED = 'Wave could not open the session:';

const FIX_LINKS: readonly NoticeLink[] = [
  { command: 'wave.restart', label: 'Restart Wave' },
  { command: 'workbench.action.openSettings?%5B%22wave.%22%5D', label: 'Open Wave settings' },
];

/** The page's protocol messages; its own requests to the host go to `onRequest` instead. */
function webviewPort(webview: Webview, onRequest: (request: ViewRequest) => void): PortLike {
  return {
    postMessage: (message) => void webview.postMessage(message),
    onMessage(listener) {
      const subscription = webview.onDidReceiveMessage((data: unknown) => {
        if (!isViewRequestMessage(data)) return listener(data);
        const request = readViewRequest(data);
        if (request) onRequest(request);
      });
      return () => {
        subscription.dispose();
      };
    },
  };
}

export class ChatView {
  private link: MessageLink | undefined;
  private stopRelay: (() => void) | undefined;
  private handle: SessionHandle | undefined;
  private stopRemembering: (() => void) | undefined;
  private stopChanges: (() => void) | undefined;
  private readonly subscriptions: Disposable[] = [];
  /** Why the view shows no chat, if it does not. */
  problem: string | undefined;

  constructor(
    readonly surface: ChatSurface,
    private readonly deps: ChatViewDeps,
  ) {
    this.subscriptions.push(
      surface.onDidChangeVisibility(() => {
        if (surface.visible) this.send({ type: 'shown' });
      }),
      surface.onDidDispose(() => this.dispose()),
    );
  }

  /** The session this view shows (it follows a /clear or a resume inside the view). */
  get session(): SessionHandle | undefined {
    return this.handle;
  }

  /**
   * Shows a session: a new one, or the stored one named (restored from disk). A remembered
   * session that cannot be opened any more (its file was removed) gives way to a new one.
   */
  async reopen(sessionId: string | undefined): Promise<void> {
    await this.open(sessionId);
    if (sessionId !== undefined && !this.handle && this.problem?.startsWith(OPEN_FAILED))
      await this.open();
  }

  /** Shows a session: a new one, or the stored one named (restored from disk). */
  async open(sessionId?: string): Promise<void> {
    const { webview } = this.surface;
    const workdir = this.deps.workdir();
    if (workdir === undefined) {
      this.showProblem(
        'Wave works in a folder: open one (File › Open Folder…), then Wave starts here.',
        [{ command: 'workbench.action.files.openFolder', label: 'Open Folder…' }],
      );
      return;
    }
    const started = await this.deps.process.start();
    if (!started.ok) {
      this.showProblem(started.problem, FIX_LINKS);
      return;
    }
    this.unrelay();
    const link = started.openLink();
    this.link = link;
    this.stopRelay = relayPort(
      webviewPort(webview, (request) => void this.answer(request)),
      link,
    );
    try {
      this.handle = await started.client.open({
        workdir,
        host: 'vscode',
        ...(sessionId === undefined ? {} : { sessionId }),
      });
    } catch (error) {
      this.unrelay();
      const reason = error instanceof Error ? error.message : String(error);
      this.showProblem(`${OPEN_FAILED} ${reason}`, FIX_LINKS);
      return;
    }
    this.problem = undefined;
    this.rememberSession(this.handle);
    this.stopChanges?.();
    this.stopChanges = this.deps.watchChanges?.(this.handle, workdir);
    webview.html = chatHtml(this.deps.files(webview), this.handle.id);
  }

  /** A command for the page (focus the input, insert text). */
  send(command: HostMessage): void {
    if (this.handle) void this.surface.webview.postMessage({ [HOST_COMMAND_KEY]: command });
  }

  /**
   * The page asks to open a file: only one of the session's memory files is opened (the page
   * is not trusted to name any file of the machine); anything else is said, not done.
   */
  private async answer(request: ViewRequest): Promise<void> {
    const handle = this.handle;
    if (!handle) return;
    try {
      const { memory } = (await handle.read()).context;
      if (!memory.some((file) => file.path === request.path)) {
        this.deps.warn(
          `Wave did not open ${request.path}: it is not one of this session's memory files (type /memory to list them).`,
        );
        return;
      }
      await this.deps.openInEditor(request.path);
    } catch (error) {
      this.deps.warn(
        `Wave could not open ${request.path}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** Keeps the session's id where the surface remembers it, now and when it changes (/clear). */
  private rememberSession(handle: SessionHandle): void {
    this.stopRemembering?.();
    const remember = this.surface.remember?.bind(this.surface);
    if (!remember) return;
    let remembered = handle.id;
    remember(remembered);
    this.stopRemembering = handle.subscribe(() => {
      if (handle.id === remembered) return;
      remembered = handle.id;
      remember(remembered);
    });
  }

  dispose(): void {
    this.stopRemembering?.();
    this.stopChanges?.();
    this.unrelay();
    for (const subscription of this.subscriptions.splice(0)) subscription.dispose();
    const handle = this.handle;
    this.handle = undefined;
    // A closed tab ends its session here (its file keeps the conversation for a resume).
    if (handle && this.surface.kind === 'editor') {
      const { id } = handle;
      handle
        .close()
        .catch((error: unknown) =>
          this.deps.report(
            `The session ${id} of a closed Wave tab could not be ended (${error instanceof Error ? error.message : String(error)}); it stays open in wave --stdio, with its file kept, until Wave restarts (Wave: Restart).`,
          ),
        );
    }
    this.deps.closed(this);
  }

  private showProblem(sentence: string, links: readonly NoticeLink[]): void {
    this.problem = sentence;
    this.surface.webview.html = noticeHtml(this.surface.webview.cspSource, sentence, links);
  }

  private unrelay(): void {
    this.stopRelay?.();
    this.stopRelay = undefined;
    void this.link?.close();
    this.link = undefined;
  }
}
