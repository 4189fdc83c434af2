// The interactive app: the conversation (history + live area), the /btw overlay, the queue of
// waiting messages, the permission question or a picker when one is up, the prompt with
// slash-command completion, and a status line.
// Keys: Enter sends (queued while a reply runs) · ↑ on an empty prompt edits a queued message ·
// Esc stops the running reply · Ctrl+O toggles the expanded view · Shift+Tab cycles the
// permission mode · Ctrl+C twice within 2 s exits.

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Box, Text, useApp, useInput } from 'ink';
import { parseSlashCommand } from '@wave-agent/shared-protocol';
import type { UiAgent } from './agent-port.js';
import type {
  CommandContext,
  HostCommandHandler,
  HostCommandReply,
  SlashCommand,
} from './commands/command-table.js';
import { defaultCommands } from './commands/default-commands.js';
import { pickAndResume, START_WORDING } from './commands/resume-command.js';
import { useAgentConversation } from './hooks/use-agent-conversation.js';
import { useExitConfirmation } from './hooks/use-exit-confirmation.js';
import { usePermissionQuestion } from './hooks/use-permission-question.js';
import { useSecondsClock } from './hooks/use-seconds-clock.js';
import { useTerminalSize } from './hooks/use-terminal-size.js';
import { useWorkTracker } from './hooks/use-work-tracker.js';
import { completionLines, MAX_COMPLETIONS } from './input/completion-lines.js';
import type { QueueAction } from './input/prompt-keys.js';
import { promptLines } from './input/prompt-lines.js';
import { usePromptInput } from './input/use-prompt-input.js';
import type { Snapshot } from './messages/ExpandedSnapshot.js';
import { MessageList } from './messages/MessageList.js';
import type { NoteLevel, UiNote } from './notes.js';
import type { PermissionBridge } from './permission/permission-bridge.js';
import { PermissionPrompt } from './permission/PermissionPrompt.js';
import { PERMISSION_PROMPT_ROWS } from './permission/permission-prompt-lines.js';
import { ChoicePicker } from './picker/ChoicePicker.js';
import { pickerHeight } from './picker/picker-lines.js';
import { useChoiceDialog } from './picker/use-choice-dialog.js';
import type { QueueFeed } from './queue/queue-feed.js';
import { queueLines } from './queue/queue-lines.js';
import { useQueuedMessages } from './queue/use-queued-messages.js';
import { paint } from './render/ansi.js';
import { sideAnswerLines } from './side-question/side-answer-lines.js';
import { SideAnswerOverlay } from './side-question/SideAnswerOverlay.js';
import { useSideQuestion } from './side-question/use-side-question.js';
import { nextPermissionMode } from './status/permission-mode-cycle.js';
import { StatusLine } from './status/StatusLine.js';
import { totalTokens } from './status/status-text.js';

export interface AppProps {
  readonly agent: UiAgent;
  /** Shows the agent's permission questions; without it the agent has no one to ask. */
  readonly permissionBridge?: PermissionBridge;
  /** The slash commands; default `defaultCommands`. */
  readonly commands?: readonly SlashCommand[];
  /** Does what the UI cannot (save the model, clear the session); see `HostCommandHandler`. */
  readonly onCommand?: HostCommandHandler;
  /** Sent as the first message once the app is up (after the start-up picker, if any). */
  readonly initialPrompt?: string;
  /** Tells the UI when the agent's queue changes (wired to `onQueuedMessagesChange`). */
  readonly queueFeed?: QueueFeed;
  /** Shown first, in the history (e.g. why a session could not be resumed). */
  readonly initialNotes?: readonly UiNote[];
  /** Opens the session picker at start (`wave --resume` without an id). */
  readonly resumeOnStart?: boolean;
}

/** The live area never gets fewer rows than this, however small the terminal. */
const MIN_LIVE_ROWS = 3;
const PLACEHOLDER = 'Type a message · / for commands · ! for a shell command';
const BANG_WHILE_RUNNING =
  'A reply is still running, so the shell command was not started: wait for it to end (or press Esc to stop it), then press Enter again.';
const QUEUED_MESSAGE_GONE =
  'That message had already been sent, so the queue was not changed; your text is still in the prompt: press Enter to send it as a new message.';

interface ExpandedView {
  readonly snapshot: Snapshot;
  readonly scroll: number;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function App({
  agent,
  permissionBridge,
  commands = defaultCommands,
  onCommand,
  initialPrompt,
  queueFeed,
  initialNotes = [],
  resumeOnStart = false,
}: AppProps) {
  const { exit } = useApp();
  const { columns, rows } = useTerminalSize();
  const view = useAgentConversation(agent);
  const pending = usePermissionQuestion(permissionBridge);
  const queue = useQueuedMessages(agent, queueFeed);
  const dialog = useChoiceDialog();
  const side = useSideQuestion(agent);
  const work = useWorkTracker();
  const [notes, setNotes] = useState<readonly UiNote[]>(initialNotes);
  const [expanded, setExpanded] = useState<ExpandedView | undefined>(undefined);
  const [permissionMode, setPermissionMode] = useState(agent.permissionMode);
  const [allowBypass] = useState(agent.permissionMode === 'bypassPermissions');
  const running = work.startedAt !== undefined || agent.isRunning;
  const now = useSecondsClock(running);
  // Set once the prompt exists; commands use it to hand text back to the user.
  const offerPromptText = useRef<(text: string) => boolean>(() => false);
  // What a command sees when it is typed. A ref, so the callbacks below do not change with
  // every streamed event (the input handlers would be re-subscribed each time).
  const shown = useRef({ messages: view.conversation.messages, running });
  shown.current = { messages: view.conversation.messages, running };

  const print = useCallback(
    (text: string, level: NoteLevel = 'info') =>
      setNotes((previous) => [...previous, { text, level }]),
    [],
  );

  const leave = useCallback(() => {
    if (agent.isRunning) agent.abortMessage();
    exit();
  }, [agent, exit]);
  const exitConfirmation = useExitConfirmation(leave);
  const exitHint = exitConfirmation.hintShown;

  const { track } = work;
  const trackTurn = useCallback(
    (start: () => Promise<unknown>) => {
      // Started at once (queued messages keep the order they were typed in); a synchronous
      // throw is reported like a rejection.
      let turn: Promise<unknown>;
      try {
        turn = start();
      } catch (error) {
        turn = Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
      void track(turn).catch((error: unknown) => print(errorText(error), 'error'));
    },
    [print, track],
  );

  const commandContext = useCallback(
    (args: string): CommandContext => ({
      agent,
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
      track,
      askAside: side.ask,
      offerPromptText: (text) => offerPromptText.current(text),
    }),
    [agent, commands, dialog.choose, leave, onCommand, print, side.ask, track],
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
    (text: string): boolean => {
      const trimmed = text.trim();
      const command = parseSlashCommand(trimmed);
      if (command) {
        runCommand(command.name, command.args);
        return true;
      }
      if (trimmed.startsWith('!')) {
        if (running) {
          print(BANG_WHILE_RUNNING, 'warning');
          return false;
        }
        const bang = trimmed.slice(1).trim();
        trackTurn(() => agent.runBang(bang));
        return true;
      }
      // While a turn runs the SDK queues it; the promise settles when its own turn ends.
      trackTurn(() => agent.sendMessage(trimmed));
      return true;
    },
    [agent, print, runCommand, running, trackTurn],
  );

  const changeQueue = useCallback(
    (action: QueueAction): boolean => {
      const done =
        action.type === 'edit'
          ? agent.editQueuedMessage(action.id, action.text)
          : agent.removeQueuedMessage(action.id);
      if (!done) print(QUEUED_MESSAGE_GONE, 'warning');
      return done;
    },
    [agent, print],
  );

  const modal = pending !== undefined || dialog.open !== undefined || side.overlay !== undefined;
  const prompt = usePromptInput({
    commands,
    isActive: !modal,
    onSubmit: submit,
    queue,
    onQueueAction: changeQueue,
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
  const inputLines = promptLines(prompt.state.editor, columns, {
    focused: !modal,
    placeholder: PLACEHOLDER,
  });
  const completions = completionLines(prompt.completions, prompt.state.selected, columns);
  const inputRows = pending
    ? PERMISSION_PROMPT_ROWS
    : dialog.open
      ? pickerHeight(dialog.open.spec)
      : inputLines.length + Math.min(MAX_COMPLETIONS, completions.length);
  const chromeRows =
    overlayLines.length + waitingLines.length + inputRows + 1 + (exitHint ? 1 : 0) + 1;
  const liveRows = Math.max(MIN_LIVE_ROWS, rows - chromeRows);

  useInput((input, key) => {
    if (key.ctrl && input === 'c') {
      exitConfirmation.press();
      return;
    }
    if (key.ctrl && input === 'o') {
      setExpanded((current) =>
        current
          ? undefined
          : { snapshot: { messages: view.conversation.messages, takenAt: Date.now() }, scroll: 0 },
      );
      return;
    }
    if (expanded && (key.pageUp || key.pageDown)) {
      const step = Math.max(1, liveRows - 2);
      setExpanded({
        ...expanded,
        scroll: Math.max(0, expanded.scroll + (key.pageUp ? step : -step)),
      });
      return;
    }
    if (modal) return; // The permission prompt, the picker or the /btw box has the keys.
    if (key.tab && key.shift) {
      const next = nextPermissionMode(agent.permissionMode, allowBypass);
      agent.setPermissionMode(next);
      setPermissionMode(next);
      return;
    }
    const promptUsesEscape = prompt.completions.length > 0 || prompt.state.queueEdit !== undefined;
    if (key.escape && running && !promptUsesEscape) agent.abortMessage();
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
        messages={view.conversation.messages}
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
          isActive={pending === undefined && dialog.open === undefined}
          onDismiss={side.dismiss}
        />
      ) : null}
      {waitingLines.length > 0 ? <Text>{waitingLines.join('\n')}</Text> : null}
      {pending ? (
        <PermissionPrompt key={pending.question.toolCallId} pending={pending} columns={columns} />
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
        <Text>{[...inputLines, ...completions].join('\n')}</Text>
      )}
      <StatusLine
        columns={columns}
        info={{
          // Read at each render: /model switches it, and the note it prints re-renders.
          model: agent.provider.model,
          workdir: agent.workdir,
          permissionMode,
          tokens: totalTokens(view.conversation),
          runningSeconds: running
            ? Math.max(0, Math.floor((now - (work.startedAt ?? now)) / 1000))
            : undefined,
          ...(work.activity ? { activity: work.activity } : {}),
        }}
      />
      {exitHint ? <Text>{paint('Press Ctrl+C again to exit', { dim: true })}</Text> : null}
    </Box>
  );
}
