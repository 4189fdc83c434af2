// The chat for one open session: the title line, the conversation, the side question, the task list and
// background commands, the view's notes, the queue, a waiting permission question, the prompt
// with its toolbar (model, mode, tokens), and the dialogs commands open.
import type { SessionHandle } from '@wave-agent/client';
import type { AttachmentInput, ContextScope } from '@wave-agent/shared-protocol';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DisclosureContext } from '../blocks/disclosure.js';
import type { DisclosureMemory } from '../blocks/disclosure.js';
import { Composer } from '../composer/Composer.js';
import type { ComposerHandle } from '../composer/Composer.js';
import { fileAttachment } from '../composer/pending-attachment.js';
import { QueuePanel } from '../composer/QueuePanel.js';
import type { CommandUi } from '../composer/web-commands.js';
import { Conversation } from '../conversation/Conversation.js';
import type { ConversationHandle } from '../conversation/Conversation.js';
import { McpDialog } from '../dialogs/McpDialog.js';
import { MemoryFileDialog } from '../dialogs/MemoryFileDialog.js';
import { SandboxDialog } from '../dialogs/SandboxDialog.js';
import { PermissionDialog } from '../dialogs/PermissionDialog.js';
import { UserQuestionDialog } from '../dialogs/UserQuestionDialog.js';
import { RewindDialog } from '../dialogs/RewindDialog.js';
import type { RewindChoice } from '../dialogs/RewindDialog.js';
import { SessionsDialog } from '../dialogs/SessionsDialog.js';
import { TasksDialog } from '../dialogs/TasksDialog.js';
import type { HostBridge } from '../host/host-bridge.js';
import { useSessionState } from '../session/use-session-state.js';
import { BtwPanel } from '../side-panel/BtwPanel.js';
import { ChatToolbar } from '../status/ChatToolbar.js';
import { StatusBar } from '../status/StatusBar.js';
import type { ModelSwitcherHandle } from '../status/ModelSwitcher.js';
import { WorkPanel } from '../work/WorkPanel.js';
import { Notes } from './Notes.js';
import { submitPrompt } from './submit-prompt.js';
import { useNotes } from './use-notes.js';
import { errorText } from '@wave-agent/shared-protocol';

type OpenDialog = 'sessions' | 'rewind' | 'mcp' | 'sandbox' | 'tasks' | undefined;

function requestId(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random()}`;
}

export function SessionView({
  session,
  bridge,
}: {
  readonly session: SessionHandle;
  readonly bridge: HostBridge;
}) {
  const state = useSessionState(session);
  const { notes, add: note, dismiss } = useNotes();
  const [dialog, setDialog] = useState<OpenDialog>(undefined);
  // A `# line` waiting for the user to pick its memory file.
  const [memoryQuestion, setMemoryQuestion] = useState<
    | { readonly line: string; readonly answer: (scope: ContextScope | undefined) => void }
    | undefined
  >(undefined);
  const composer = useRef<ComposerHandle>(null);
  const conversation = useRef<ConversationHandle>(null);
  const modelSwitcher = useRef<ModelSwitcherHandle>(null);
  // What the reader opened, and the conversation's view (its measured rows, where it is
  // scrolled): kept for one session, and made afresh when /clear or a resume gives another, so
  // nothing of an earlier conversation stays behind.
  const { sessionId } = state;
  const disclosures = useMemo<DisclosureMemory>(() => new Map(), [sessionId]);
  const running = state.status.type === 'running';

  const report = useCallback(
    (what: string) => (error: unknown) => note(`${what}: ${errorText(error)}`, 'error'),
    [note],
  );
  /** Runs a request whose result arrives as events; a failure becomes a note. */
  const attempt = (what: string, work: Promise<unknown>): void => {
    work.catch(report(what));
  };

  useEffect(
    () =>
      bridge.onHostCommand((command) => {
        if (command.type === 'focusInput') composer.current?.focus();
        else if (command.type === 'attachFile')
          composer.current?.attach(fileAttachment(command.path, command.lines));
        else composer.current?.insert(command.text);
      }),
    [bridge],
  );

  const ui = useMemo<CommandUi>(
    () => ({
      note,
      openSessions: () => setDialog('sessions'),
      openRewind: () => setDialog('rewind'),
      openMcp: () => setDialog('mcp'),
      openSandbox: () => setDialog('sandbox'),
      openTasks: () => setDialog('tasks'),
      focusModel: () => modelSwitcher.current?.focus(),
      followLatest: () => conversation.current?.jumpToLatest(),
      chooseMemoryFile: (line) =>
        new Promise<ContextScope | undefined>((resolve) =>
          setMemoryQuestion({
            line,
            answer: (scope) => {
              setMemoryQuestion(undefined);
              resolve(scope);
            },
          }),
        ),
      ...(bridge.openInEditor ? { openInEditor: bridge.openInEditor } : {}),
    }),
    [note, bridge],
  );

  // The prompt's callbacks stay the same from render to render: the prompt does not render
  // again for every delta (typing stays quick while a reply streams), and keeps no earlier
  // state of the session alive.
  const onSubmit = useCallback(
    (text: string, attachments: readonly AttachmentInput[]) =>
      submitPrompt(session, ui, text, attachments),
    [session, ui],
  );
  const findFiles = useCallback(
    async (query: string) => (await session.request('findFiles', { query, limit: 50 })).files,
    [session],
  );
  const onStop = useCallback(
    () => void session.abort().catch(report('Stopping failed')),
    [session, report],
  );
  const onPage = useCallback((direction: -1 | 1) => conversation.current?.page(direction), []);

  const rewind = (choice: RewindChoice): void => {
    setDialog(undefined);
    session
      .rewind(choice.messageId, { restore: choice.restore, requestId: requestId() })
      .then((result) => {
        if (!result.ok) {
          note(result.error ?? 'Wave could not rewind.', 'error');
          return;
        }
        const lines: string[] = [];
        if (result.restoredFiles?.length)
          lines.push(`Files put back: ${result.restoredFiles.join(', ')}`);
        for (const conflict of result.conflicts ?? [])
          lines.push(`Left as it is: ${conflict.path} (${conflict.reason})`);
        if (choice.restore !== 'files' && composer.current?.offer(choice.text))
          lines.push(
            'Your message is back in the prompt: edit it and press Enter to send it again.',
          );
        if (lines.length > 0) note(lines.join('\n'), result.conflicts?.length ? 'warning' : 'info');
      }, report('Rewind failed'));
  };

  const question = state.permissionQuestions[0];
  const asked = question === undefined ? state.userQuestions[0] : undefined;
  return (
    <DisclosureContext.Provider value={disclosures}>
      <div className="app">
        <StatusBar
          state={state}
          {...(bridge.boot.sidebar || bridge.kind === 'vscode'
            ? {}
            : {
                onSessions: () => setDialog('sessions'),
                onNewSession: () => attempt('A new session could not be started', session.clear()),
              })}
        />
        <div className="main">
          <Conversation
            key={sessionId}
            ref={conversation}
            messages={state.conversation.messages}
            permissionQuestions={state.permissionQuestions}
          />
          {state.btw ? (
            <BtwPanel
              btw={state.btw}
              onClose={(btwId) => attempt('Closing failed', session.closeBtw(btwId))}
            />
          ) : null}
        </div>
        <WorkPanel
          todos={state.todos}
          backgroundTasks={state.backgroundTasks}
          onShowTasks={() => setDialog('tasks')}
        />
        <Notes notes={notes} onDismiss={dismiss} />
        <QueuePanel
          queue={state.queue}
          onEdit={(id, text) =>
            attempt('The queued message was not changed', session.editQueuedMessage(id, text))
          }
          onRemove={(id) =>
            attempt('The queued message was not removed', session.removeQueuedMessage(id))
          }
        />
        {question ? (
          <PermissionDialog
            key={question.requestId}
            question={question}
            waitingCount={state.permissionQuestions.length}
            onAnswer={(decision, reason) =>
              attempt(
                'The answer was not sent',
                session.answerPermission(question.requestId, decision, reason),
              )
            }
          />
        ) : asked ? (
          <UserQuestionDialog
            key={asked.requestId}
            question={asked}
            onAnswer={(answer) =>
              attempt(
                'The answer was not sent',
                session.answerUserQuestion(asked.requestId, answer),
              )
            }
          />
        ) : null}
        {/* One grid: the message box full width, the toolbar and Send/Stop on the line below. */}
        <div className="composer-area">
          <Composer
            ref={composer}
            running={running}
            customCommands={state.context.commands}
            mcpServers={state.mcpServers}
            onSubmit={onSubmit}
            onStop={onStop}
            onPage={onPage}
            findFiles={findFiles}
            onNote={note}
          />
          <ChatToolbar
            ref={modelSwitcher}
            state={state}
            onModel={(model) => attempt('The model was not changed', session.setModel(model))}
            onMode={(mode) =>
              attempt('The permission mode was not changed', session.setPermissionMode(mode))
            }
            onEffort={(effort) =>
              attempt(
                'The effort was not changed',
                session.setEffort(effort).then((answer) => {
                  if (answer.note) note(answer.note, 'warning');
                }),
              )
            }
          />
        </div>
        {memoryQuestion ? (
          <MemoryFileDialog line={memoryQuestion.line} onChoose={memoryQuestion.answer} />
        ) : null}
        {dialog === 'sessions' ? (
          <SessionsDialog
            session={session}
            onClose={() => setDialog(undefined)}
            onError={(text) => note(text, 'error')}
          />
        ) : null}
        {dialog === 'sandbox' ? (
          <SandboxDialog status={state.sandbox} onClose={() => setDialog(undefined)} />
        ) : null}
        {dialog === 'mcp' ? (
          <McpDialog servers={state.mcpServers} onClose={() => setDialog(undefined)} />
        ) : null}
        {dialog === 'tasks' ? (
          <TasksDialog tasks={state.backgroundTasks} onClose={() => setDialog(undefined)} />
        ) : null}
        {dialog === 'rewind' ? (
          <RewindDialog
            messages={state.conversation.messages}
            onRewind={rewind}
            onClose={() => setDialog(undefined)}
          />
        ) : null}
      </div>
    </DisclosureContext.Provider>
  );
}
