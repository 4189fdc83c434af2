// The interactive app: the conversation (history + live area), the /btw overlay, the queue of
// waiting messages, the permission question or a picker when one is up, the prompt with
// slash-command and @ file completion, and a status line. Everything it shows of the session
// comes from the session state of @wave-agent/client; everything it asks of the agent is a
// request through the session handle.
// Keys: Enter sends (queued while a reply runs) · ↑ on an empty prompt edits a queued message ·
// Esc stops the running reply · Ctrl+O toggles the expanded view · Shift+Tab cycles the
// permission mode · Alt+T cycles the effort · Ctrl+C twice within 2 s exits.

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Box, useApp, useInput, useStdout } from 'ink';
import type { SessionHandle } from '@wave-agent/client';
import { errorText, nextEffort, parseSlashCommand } from '@wave-agent/shared-protocol';
import type { AttachmentInput, PermissionDecision } from '@wave-agent/shared-protocol';
import type {
  CommandContext,
  HostCommandHandler,
  HostCommandReply,
  SlashCommand,
  NoteLevel,
} from '../commands/command-context.js';
import { sessionSlashCommands } from '../commands/context-commands.js';
import { defaultCommands } from './commands/default-commands.js';
import { rememberLine } from './commands/remember-line.js';
import { pickAndResume, START_WORDING } from './commands/resume-command.js';
import { useExitConfirmation } from './hooks/use-exit-confirmation.js';
import { useExpandedView } from './hooks/use-expanded-view.js';
import { useSecondsClock } from './hooks/use-seconds-clock.js';
import { useSessionView } from './hooks/use-session-view.js';
import { useTerminalSize } from './hooks/use-terminal-size.js';
import { MAX_COMPLETIONS } from './input/completion-lines.js';
import type { QueueAction } from './input/prompt-keys.js';
import { promptLines } from './input/prompt-lines.js';
import { searchLines } from './input/history-search.js';
import type { PromptHistoryStore } from './input/prompt-history-file.js';
import { promptMenuLines, promptMenuOpen } from './input/prompt-menu-lines.js';
import { filesOfSession } from './input/use-found-files.js';
import { historyLink, usePromptInput } from './input/use-prompt-input.js';
import { MessageList } from './messages/MessageList.js';
import type { UiNote } from './notes.js';
import { PermissionPrompt } from './permission/PermissionPrompt.js';
import { UserQuestionPrompt } from './user-question/UserQuestionPrompt.js';
import { userQuestionRows } from './user-question/user-question-lines.js';
import { permissionPromptRows } from './permission/permission-prompt-lines.js';
import { ChoicePicker } from './picker/ChoicePicker.js';
import { pickerHeight } from './picker/picker-lines.js';
import { useChoiceDialog } from './picker/use-choice-dialog.js';
import { queueLines } from './queue/queue-lines.js';
import { paint } from './render/ansi.js';
import { screenControlOf } from './render/reflow-aware-stdout.js';
import { sideAnswerLines } from './side-question/side-answer-lines.js';
import { SideAnswerOverlay } from './side-question/SideAnswerOverlay.js';
import { useSideQuestion } from './side-question/use-side-question.js';
import { nextPermissionMode } from './status/permission-mode-cycle.js';
import { statusInfo } from './status/status-info.js';
import { StatusLine } from './status/StatusLine.js';
import { StatusCommandLine } from './status/StatusCommandLine.js';
import { useStatusCommand } from './hooks/use-status-command.js';
import type { StatusCommandConfig } from './hooks/use-status-command.js';
import { isEffortKey } from './input/prompt-keys.js';
import { activeTodo, todoLines } from './work/todo-lines.js';
import { SafeText } from './SafeText.js';
import type { TerminalSignals } from './terminal-signals/use-terminal-signals.js';
import { useTerminalSignals } from './terminal-signals/use-terminal-signals.js';

export interface AppProps {
  /** The session to show and drive (a @wave-agent/client handle, over any transport). */
  readonly session: SessionHandle;
  /** The slash commands; default `defaultCommands`. */
  readonly commands?: readonly SlashCommand[];
  /** Does what the UI cannot (save the model, clear the session); see `HostCommandHandler`. */
  readonly onCommand?: HostCommandHandler;
  /** Sent as the first message once the app is up (after the start-up picker, if any). */
  readonly initialPrompt?: string;
  /** Shown first, in the history (e.g. why a session could not be resumed). */
  readonly initialNotes?: readonly UiNote[];
  /** Opens the session picker at start (`wave --resume` without an id). */
  readonly resumeOnStart?: boolean;
  /** The prompts kept across sessions (`$WAVE_HOME/history.jsonl`); else ↑ has this session's. */
  readonly promptHistory?: PromptHistoryStore;
  /** The window title and notifications (terminal-signals/); none without. */
  readonly terminalSignals?: TerminalSignals;
  /** Settings' `statusLine`: a command whose first line is shown under the prompt. */
  readonly statusCommand?: StatusCommandConfig;
}

/** The live area never gets fewer rows than this, however small the terminal. */
const MIN_LIVE_ROWS = 3;
const PLACEHOLDER = 'Type a message · / for commands · @ for files · ! for a shell command';
const BANG_WHILE_RUNNING =
  'A reply is still running, so the shell command was not started: wait for it to end (or press Esc to stop it), then press Enter again.';
const QUEUED_MESSAGE_GONE =
  'That message had already been sent, so the queue was not changed; your text is still in the prompt: press Enter to send it as a new message.';

export function App({
  session,
  commands: ownCommands = defaultCommands,
  onCommand,
  initialPrompt,
  initialNotes = [],
  resumeOnStart = false,
  promptHistory,
  terminalSignals,
  statusCommand,
}: AppProps) {
  const { exit } = useApp();
  const {
    expanded,
    toggle: toggleExpanded,
    scrollBy,
  } = useExpandedView(screenControlOf(useStdout().stdout));
  const { columns, rows } = useTerminalSize();
  const view = useSessionView(session);
  const { state } = view;
  const commandLine = useStatusCommand(session, statusCommand);
  const { conversation, status, queue } = state;
  useTerminalSignals(state, terminalSignals);
  const pending = state.permissionQuestions[0];
  // The model's question or plan to approve (after any permission question).
  const asked = pending === undefined ? state.userQuestions[0] : undefined;
  // The built-in commands, then the session's: its files' (context) and its MCP prompts.
  const commands = useMemo(
    () => sessionSlashCommands(ownCommands, state.context, state.mcpServers),
    [ownCommands, state.context, state.mcpServers],
  );
  const dialog = useChoiceDialog();
  const [notes, setNotes] = useState<readonly UiNote[]>(initialNotes);
  const [allowBypass] = useState(state.permissionMode === 'bypassPermissions');
  const running = status.type === 'running';
  const now = useSecondsClock(running);
  // Set once the prompt exists; commands use it to hand text back to the user.
  const offerPromptText = useRef<(text: string) => boolean>(() => false);
  // What a command sees when it is typed. A ref, so the callbacks below do not change with
  // every streamed event (the input handlers would be re-subscribed each time).
  const shown = useRef({ messages: conversation.messages, running });
  shown.current = { messages: conversation.messages, running };

  const print = useCallback(
    (text: string, level: NoteLevel = 'info') =>
      setNotes((previous) => [...previous, { text, level }]),
    [],
  );
  const side = useSideQuestion(session, state.btw, (message) => print(message, 'error'));

  /** A request the user does not wait on: a failure is said in the history. */
  const request = useCallback(
    (work: Promise<unknown>) => {
      work.catch((error: unknown) => print(errorText(error), 'error'));
    },
    [print],
  );

  const leave = useCallback(() => {
    if (shown.current.running) request(session.abort());
    exit();
  }, [exit, request, session]);
  const exitConfirmation = useExitConfirmation(leave);
  const exitHint = exitConfirmation.hintShown;

  const commandContext = useCallback(
    (args: string): CommandContext => ({
      session,
      args,
      commands,
      print,
      askHost: async (hostName, hostArgs): Promise<HostCommandReply | false> => {
        if (!onCommand) return false;
        const reply = await onCommand({ name: hostName, args: hostArgs });
        return reply === false ? false : (reply ?? {});
      },
      exit: leave,
      messages: shown.current.messages,
      running: shown.current.running,
      choose: dialog.choose,
      askAside: side.ask,
      offerPromptText: (text) => offerPromptText.current(text),
    }),
    [commands, dialog.choose, leave, onCommand, print, session, side.ask],
  );

  const runCommand = useCallback(
    (name: string, args: string) => {
      const command = commands.find((candidate) => candidate.name === name);
      if (command?.echo !== false) print(`> /${name}${args ? ` ${args}` : ''}`);
      if (!command) {
        print(`Unknown command /${name}. Type /help to see the commands.`, 'warning');
        return;
      }
      const context = commandContext(args);
      void Promise.resolve()
        .then(() => command.run(context))
        .catch((error: unknown) => print(`/${name} failed: ${errorText(error)}`, 'error'));
    },
    [commandContext, commands, print],
  );

  const submit = useCallback(
    (text: string, images: readonly AttachmentInput[] = []): boolean => {
      const trimmed = text.trim();
      const command = parseSlashCommand(trimmed);
      if (command) {
        runCommand(command.name, command.args);
        return true;
      }
      if (trimmed.startsWith('#') && trimmed.slice(1).trim() !== '') {
        request(rememberLine(trimmed.slice(1).trim(), { session, choose: dialog.choose, print }));
        return true;
      }
      if (trimmed.startsWith('!')) {
        if (shown.current.running) {
          print(BANG_WHILE_RUNNING, 'warning');
          return false;
        }
        request(session.bang(trimmed.slice(1).trim()));
        return true;
      }
      // While a turn runs the agent queues it (the queue is in the session state). A message
      // the agent refuses (an image the model cannot take) comes back to the prompt.
      session.sendMessage(trimmed, images).catch((error: unknown) => {
        print(errorText(error), 'error');
        offerPromptText.current(text);
      });
      return true;
    },
    [dialog.choose, print, request, runCommand, session],
  );

  const changeQueue = useCallback(
    (action: QueueAction): boolean => {
      // Still waiting? Otherwise its turn came meanwhile, and the text stays in the prompt.
      if (!session.getSnapshot().queue.some((queued) => queued.id === action.id)) {
        print(QUEUED_MESSAGE_GONE, 'warning');
        return false;
      }
      request(
        action.type === 'edit'
          ? session.editQueuedMessage(action.id, action.text)
          : session.removeQueuedMessage(action.id),
      );
      return true;
    },
    [print, request, session],
  );

  const answerPermission = useCallback(
    (decision: PermissionDecision, reason?: string) => {
      if (pending) request(session.answerPermission(pending.requestId, decision, reason));
    },
    [pending, request, session],
  );

  /** Esc on a permission question: the turn stops; stopping denies the question with it. */
  const stopTurn = useCallback(() => {
    if (shown.current.running) request(session.abort());
    else answerPermission('deny');
  }, [answerPermission, request, session]);

  const modal =
    pending !== undefined ||
    asked !== undefined ||
    dialog.open !== undefined ||
    side.overlay !== undefined;
  const prompt = usePromptInput({
    commands,
    isActive: !modal,
    onSubmit: submit,
    queue,
    onQueueAction: changeQueue,
    findFiles: useMemo(() => filesOfSession(session), [session]),
    ...(promptHistory && { history: historyLink(promptHistory, session, print) }),
    warn: (text) => print(text, 'warning'),
    onEscapeTwice: () => shown.current.running || runCommand('rewind', ''),
    workdir: state.workdir,
  });
  offerPromptText.current = prompt.offerText;

  // The rows below the live area (overlay, queue, prompt or picker, completion, status, hints,
  // one spare) are kept free, so the whole live part of the screen stays shorter than the
  // terminal.
  const overlayLines = useMemo(
    () =>
      side.overlay
        ? sideAnswerLines(side.overlay, columns, Math.max(5, Math.floor(rows * 0.4)))
        : [],
    [side.overlay, columns, rows],
  );
  const waitingLines = queueLines(queue, prompt.state.queueEdit?.id, columns);
  const taskLines = useMemo(() => todoLines(state.todos, columns), [state.todos, columns]);
  const doing = activeTodo(state.todos)?.activeForm;
  const inputLines = prompt.state.search
    ? searchLines(prompt.state.history.entries, prompt.state.search, columns)
    : promptLines(prompt.state.editor, columns, { focused: !modal, placeholder: PLACEHOLDER });
  const completions = promptMenuLines(prompt, columns);
  // An Edit's or Write's change in the question takes at most this much of the screen.
  const changeRows = Math.max(3, Math.floor(rows * 0.4));
  const inputRows = pending
    ? permissionPromptRows(pending, columns, changeRows)
    : asked
      ? userQuestionRows(asked, columns, changeRows)
      : dialog.open
        ? pickerHeight(dialog.open.spec)
        : inputLines.length + Math.min(MAX_COMPLETIONS, completions.length);
  const chromeRows =
    overlayLines.length +
    taskLines.length +
    waitingLines.length +
    inputRows +
    1 +
    (exitHint ? 1 : 0) +
    1;
  const liveRows = Math.max(MIN_LIVE_ROWS, rows - chromeRows);

  useInput((input, key) => {
    if (key.ctrl && input === 'c') {
      exitConfirmation.press();
      return;
    }
    if (key.ctrl && input === 'o') {
      toggleExpanded(conversation.messages);
      return;
    }
    if (expanded && (key.pageUp || key.pageDown)) {
      const step = Math.max(1, liveRows - 2);
      scrollBy(key.pageUp ? step : -step);
      return;
    }
    if (modal) return; // The permission prompt, the picker or the /btw box has the keys.
    if (key.tab && key.shift) {
      request(session.setPermissionMode(nextPermissionMode(state.permissionMode, allowBypass)));
      return;
    }
    if (isEffortKey(input, key)) {
      request(session.setEffort(nextEffort(state.effort)));
      return;
    }
    const promptUsesEscape = promptMenuOpen(prompt) || prompt.state.queueEdit !== undefined;
    if (key.escape && running && !promptUsesEscape) request(session.abort());
  });

  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const resume = resumeOnStart
      ? pickAndResume(commandContext(''), START_WORDING)
      : Promise.resolve();
    void resume
      .catch((error: unknown) => print(errorText(error), 'error'))
      .then(() => {
        if (initialPrompt?.trim()) submit(initialPrompt);
      });
  }, [commandContext, initialPrompt, print, resumeOnStart, submit]);

  return (
    <Box flexDirection="column">
      <MessageList
        messages={conversation.messages}
        notes={notes}
        removals={view.removals}
        columns={columns}
        liveRows={liveRows}
        {...(expanded ? { expanded } : {})}
      />
      {side.overlay ? (
        <SideAnswerOverlay
          state={side.overlay}
          lines={overlayLines}
          isActive={pending === undefined && asked === undefined && dialog.open === undefined}
          onDismiss={side.dismiss}
        />
      ) : null}
      {taskLines.length > 0 ? <SafeText>{taskLines.join('\n')}</SafeText> : null}
      {waitingLines.length > 0 ? <SafeText>{waitingLines.join('\n')}</SafeText> : null}
      {pending ? (
        <PermissionPrompt
          key={pending.requestId}
          question={pending}
          onAnswer={answerPermission}
          onStop={stopTurn}
          columns={columns}
          changeRows={changeRows}
        />
      ) : asked ? (
        <UserQuestionPrompt
          key={asked.requestId}
          question={asked}
          onAnswer={(answer) => request(session.answerUserQuestion(asked.requestId, answer))}
          columns={columns}
          planRows={changeRows}
        />
      ) : dialog.open ? (
        <ChoicePicker
          key={dialog.open.key}
          spec={dialog.open.spec}
          columns={columns}
          isActive
          onChoose={dialog.open.answer}
          onCancel={() => dialog.open?.answer(undefined)}
        />
      ) : (
        <SafeText>{[...inputLines, ...completions].join('\n')}</SafeText>
      )}
      <StatusLine columns={columns} info={statusInfo(state, now, doing)} />
      {commandLine === undefined ? null : <StatusCommandLine line={commandLine} />}
      {exitHint ? <SafeText>{paint('Press Ctrl+C again to exit', { dim: true })}</SafeText> : null}
    </Box>
  );
}
