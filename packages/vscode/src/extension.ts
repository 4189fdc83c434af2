// Wave for VS Code. Activation only registers things (the view, the commands): it starts no
// process and cannot fail because the wave CLI is missing. `wave --stdio` starts when a chat view
// first needs it; if it cannot start or stops for good, the view and a notification say why and
// offer a restart, which opens every view's session again from disk.
import { homedir } from 'node:os';
import { commands, Uri, ViewColumn, window, workspace } from 'vscode';
import type {
  Disposable,
  ExtensionContext,
  Memento,
  Webview,
  WebviewPanel,
  WebviewView,
  WebviewPanelSerializer,
  WebviewViewProvider,
} from 'vscode';
import type { TransportStatus } from '@wave-agent/client';
import { registerCommands } from './commands/register-commands.js';
import { ChangeDiffs } from './diff/change-diffs.js';
import { API_KEY_SECRET } from './host/api-key.js';
import { readSettings } from './host/settings.js';
import { answerServerRequest } from './host/trust-question.js';
import { chooseWaveCommand } from './host/wave-command.js';
import { WaveProcess } from './host/wave-process.js';
import { ChatView } from './views/chat-view.js';
import type { ChatSurface, ChatViewDeps } from './views/chat-view.js';
import { ChatViews } from './views/chat-views.js';
import {
  rememberSidebarSession,
  sessionInState,
  sidebarSession,
} from './views/remembered-session.js';
import type { WebviewFiles } from './views/webview-html.js';

export const VIEW_ID = 'wave.chatView';
export const PANEL_TYPE = 'wave.chatPanel';

/** The running extension, for tests (VS Code itself ignores what activate returns here). */
export interface WaveExtension {
  readonly views: ChatViews;
  readonly process: WaveProcess;
}

function webviewOptions(context: ExtensionContext) {
  return {
    enableScripts: true,
    localResourceRoots: [Uri.joinPath(context.extensionUri, 'dist', 'webview')],
    // Only the links a notice page offers: restart, settings, open a folder.
    enableCommandUris: [
      'wave.restart',
      'workbench.action.openSettings',
      'workbench.action.files.openFolder',
    ],
  };
}

function surfaceOfView(view: WebviewView, memento: Memento): ChatSurface {
  return {
    kind: 'sidebar',
    remember: (sessionId) => rememberSidebarSession(memento, sessionId),
    webview: view.webview,
    get visible() {
      return view.visible;
    },
    onDidChangeVisibility: (listener) => view.onDidChangeVisibility(listener),
    onDidDispose: (listener) => view.onDidDispose(listener),
    reveal: () => view.show(true),
  };
}

function surfaceOfPanel(panel: WebviewPanel): ChatSurface {
  return {
    kind: 'editor',
    webview: panel.webview,
    get visible() {
      return panel.visible;
    },
    onDidChangeVisibility: (listener) => panel.onDidChangeViewState(listener),
    onDidDispose: (listener) => panel.onDidDispose(listener),
    reveal: () => panel.reveal(),
  };
}

/** The running extension's process, stopped on deactivation (VS Code waits for it). */
let active: WaveProcess | undefined;

export function activate(context: ExtensionContext): WaveExtension {
  const views = new ChatViews();
  const workdir = (): string | undefined => workspace.workspaceFolders?.[0]?.uri.fsPath;
  const output = window.createOutputChannel('Wave');
  let lastNotice: string | undefined;

  const onStatus = (status: TransportStatus): void => {
    if (status.state !== 'crashed' || status.message === lastNotice) return;
    lastNotice = status.message;
    void window
      .showErrorMessage(status.message, 'Restart Wave', 'Open Settings')
      .then(async (answer) => {
        lastNotice = undefined;
        if (answer === 'Restart Wave') await restart();
        if (answer === 'Open Settings')
          await commands.executeCommand('workbench.action.openSettings', 'wave.');
      });
  };

  const process = new WaveProcess({
    cwd: workdir() ?? homedir(),
    command: async () =>
      chooseWaveCommand({
        settings: readSettings(workspace.getConfiguration('wave')),
        apiKey: await context.secrets.get(API_KEY_SECRET),
        bundledCli: Uri.joinPath(context.extensionUri, 'dist', 'wave', 'wave.js').fsPath,
        execPath: globalThis.process.execPath,
        baseEnv: globalThis.process.env,
      }),
    onServerRequest: answerServerRequest,
    onStatus,
    onStderr: (text) => output.append(text),
  });

  const files = (webview: Webview): WebviewFiles => {
    const asset = (name: string) =>
      webview
        .asWebviewUri(Uri.joinPath(context.extensionUri, 'dist', 'webview', 'assets', name))
        .toString();
    return {
      cspSource: webview.cspSource,
      scriptUri: asset('wave.js'),
      styleUri: asset('style.css'),
    };
  };

  const diffs = new ChangeDiffs();
  const deps: ChatViewDeps = {
    process,
    workdir,
    files,
    closed: (view) => views.remove(view),
    report: (sentence) => output.appendLine(sentence),
    watchChanges: (session, folder) => diffs.watch(session, folder),
    warn: (sentence) => void window.showWarningMessage(sentence),
    openInEditor: async (path) => {
      await window.showTextDocument(Uri.file(path), { preview: false });
    },
  };

  const track = (view: ChatView): ChatView => {
    views.add(view);
    return view;
  };

  let sidebar: ChatView | undefined;
  const provider: WebviewViewProvider = {
    async resolveWebviewView(webviewView, resolved) {
      webviewView.webview.options = webviewOptions(context);
      const view = track(new ChatView(surfaceOfView(webviewView, context.workspaceState), deps));
      sidebar = view;
      webviewView.onDidDispose(() => {
        if (sidebar === view) sidebar = undefined;
      });
      webviewView.onDidChangeVisibility(() => {
        if (webviewView.visible) views.used(view);
      });
      // After a reload: the session it showed (its page's state, else the workspace's memory).
      await view.reopen(sessionInState(resolved?.state) ?? sidebarSession(context.workspaceState));
    },
  };

  const showInPanel = (panel: WebviewPanel): ChatView => {
    const view = track(new ChatView(surfaceOfPanel(panel), deps));
    panel.onDidChangeViewState(() => {
      if (panel.active) views.used(view);
    });
    return view;
  };

  const openEditorTab = async (sessionId?: string): Promise<ChatView> => {
    const panel = window.createWebviewPanel(PANEL_TYPE, 'Wave', ViewColumn.Beside, {
      ...webviewOptions(context),
      retainContextWhenHidden: true,
    });
    const view = showInPanel(panel);
    await view.open(sessionId);
    return view;
  };

  // An editor tab that was open before a reload comes back with the session its page kept.
  const serializer: WebviewPanelSerializer = {
    async deserializeWebviewPanel(panel, state) {
      panel.webview.options = webviewOptions(context);
      await showInPanel(panel).reopen(sessionInState(state));
    },
  };

  const restart = async (): Promise<void> => {
    const started = await process.restart();
    if (!started.ok) return;
    // Each view shows its session again, restored from its file (the page reloads and attaches).
    await Promise.all(views.all().map((view) => view.open(view.session?.id)));
  };

  const revealSidebar = async (): Promise<ChatView | undefined> => {
    await commands.executeCommand(`${VIEW_ID}.focus`);
    return sidebar;
  };

  const disposables: Disposable[] = [
    window.registerWebviewViewProvider(VIEW_ID, provider, {
      webviewOptions: { retainContextWhenHidden: true },
    }),
    window.registerWebviewPanelSerializer(PANEL_TYPE, serializer),
    ...registerCommands({
      context,
      views,
      process,
      openEditorTab,
      revealSidebar,
      restart,
      workdir,
      diffs,
    }),
    diffs,
    output,
  ];
  active = process;
  context.subscriptions.push(...disposables);
  return { views, process };
}

export async function deactivate(): Promise<void> {
  const stopping = active;
  active = undefined;
  await stopping?.stop();
}
