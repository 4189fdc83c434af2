// The palette's Wave commands. Each acts on the chat view the user used last (the sidebar's or
// an editor tab), routed by the session that view shows.
import { commands, window, workspace } from 'vscode';
import type { Disposable, ExtensionContext } from 'vscode';
import { PERMISSION_MODES } from '@wave-agent/shared-protocol';
import type { SessionHandle } from '@wave-agent/client';
import type { ChatView } from '../views/chat-view.js';
import type { ChatViews } from '../views/chat-views.js';
import type { WaveProcess } from '../host/wave-process.js';
import type { ChangeDiffs } from '../diff/change-diffs.js';
import { API_KEY_SECRET } from '../host/api-key.js';
import { pickModel } from './model-pick.js';
import { selectionAttachment } from './selection-attachment.js';

export interface CommandDeps {
  readonly context: ExtensionContext;
  readonly views: ChatViews;
  readonly process: WaveProcess;
  /** Opens a new editor tab showing a new session, or the stored one named. */
  readonly openEditorTab: (sessionId?: string) => Promise<ChatView>;
  /** Reveals the sidebar's view (creating it if VS Code has not yet). */
  readonly revealSidebar: () => Promise<ChatView | undefined>;
  /** Starts a new wave --stdio and shows each view's session again, restored from disk. */
  readonly restart: () => Promise<void>;
  readonly workdir: () => string | undefined;
  /** Accept / Reject of a proposed change shown as a diff. */
  readonly diffs: Pick<ChangeDiffs, 'answer'>;
}

const NO_SESSION = 'No Wave session is open: open the Wave view first (Wave: Focus Input).';

function say(error: unknown): void {
  void window.showErrorMessage(error instanceof Error ? error.message : String(error));
}

export function registerCommands(deps: CommandDeps): Disposable[] {
  const { views } = deps;

  /** The session of the last used view, or a sentence when there is none. */
  const activeSession = (): SessionHandle | undefined => {
    const session = views.active?.session;
    if (!session) void window.showInformationMessage(NO_SESSION);
    return session;
  };

  const activeView = async (): Promise<ChatView | undefined> => {
    const view = views.active ?? (await deps.revealSidebar());
    view?.surface.reveal();
    return view;
  };

  const run =
    (action: () => Promise<unknown>): (() => Promise<void>) =>
    async () => {
      try {
        await action();
      } catch (error) {
        say(error);
      }
    };

  const table: Record<string, () => Promise<unknown>> = {
    'wave.newSession': async () => {
      const view = await activeView();
      if (!view) return;
      if (view.session) await view.session.clear();
      else await view.open();
    },
    'wave.openInEditor': () => deps.openEditorTab(),
    'wave.resumeSession': async () => {
      const started = await deps.process.start();
      if (!started.ok) return void window.showErrorMessage(started.problem);
      const sessions = await started.client.listSessions(deps.workdir());
      if (sessions.length === 0)
        return void window.showInformationMessage('This folder has no stored Wave sessions yet.');
      const picked = await window.showQuickPick(
        sessions.map((session) => ({
          label: session.title || '(untitled)',
          description: `${session.messageCount} messages`,
          detail: new Date(session.updatedAt).toLocaleString(),
          id: session.id,
        })),
        { placeHolder: 'Resume which Wave session?' },
      );
      if (!picked) return;
      const showing = views.showing(picked.id);
      if (showing) showing.surface.reveal();
      else await deps.openEditorTab(picked.id);
    },
    'wave.stop': async () => activeSession()?.abort(),
    'wave.focusInput': async () => (await activeView())?.send({ type: 'focusInput' }),
    'wave.switchModel': async () => {
      const session = activeSession();
      if (!session) return;
      const model = await pickModel(await session.read());
      if (model) await session.setModel(model);
    },
    'wave.switchPermissionMode': async () => {
      const session = activeSession();
      if (!session) return;
      const current = (await session.read()).permissionMode;
      const mode = await window.showQuickPick(
        PERMISSION_MODES.map((mode) => ({ label: mode, picked: mode === current, mode })),
        { placeHolder: `Permission mode (now ${current})` },
      );
      if (mode) await session.setPermissionMode(mode.mode);
    },
    'wave.addToPrompt': async () => {
      const editor = window.activeTextEditor;
      if (!editor)
        return void window.showInformationMessage('Open a file to add it to the prompt.');
      const view = await activeView();
      view?.send(
        selectionAttachment(workspace.asRelativePath(editor.document.uri), editor.selection),
      );
      view?.send({ type: 'focusInput' });
    },
    'wave.setApiKey': async () => {
      const key = await window.showInputBox({
        prompt: 'Your API key for the provider in wave.provider (kept in VS Code’s secret storage)',
        password: true,
        ignoreFocusOut: true,
      });
      if (!key?.trim()) return;
      await deps.context.secrets.store(API_KEY_SECRET, key.trim());
      // Before Wave's first start there is nothing to restart: it reads the key when it starts.
      if (!deps.process.started)
        return void window.showInformationMessage(
          'The API key is kept; Wave uses it when it starts.',
        );
      const answer = await window.showInformationMessage(
        'The API key is kept; Wave uses it from its next start.',
        'Restart Wave',
      );
      if (answer) await deps.restart();
    },
    'wave.clearApiKey': async () => {
      await deps.context.secrets.delete(API_KEY_SECRET);
      await window.showInformationMessage(
        'The API key is removed; Wave forgets it at its next start.',
      );
    },
    'wave.restart': () => deps.restart(),
  };
  // From the diff editor's title: VS Code passes the diff's resource.
  const answers: Record<string, (target?: unknown) => Promise<unknown>> = {
    'wave.acceptChange': (target) => deps.diffs.answer('allow', target),
    'wave.rejectChange': (target) => deps.diffs.answer('deny', target),
  };

  return [
    ...Object.entries(table).map(([id, action]) => commands.registerCommand(id, run(action))),
    ...Object.entries(answers).map(([id, action]) =>
      commands.registerCommand(id, (target?: unknown) => run(() => action(target))()),
    ),
  ];
}
