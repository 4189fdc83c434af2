// The interactive app: the conversation (history + live area), the permission question when
// one is asked, the prompt with slash-command completion, and a status line.
// Keys: Enter sends · Esc stops the running reply · Ctrl+O toggles the expanded view ·
// Shift+Tab cycles the permission mode · Ctrl+C twice within 2 s exits.

import { useCallback, useEffect, useRef, useState } from 'react';
import { Box, Text, useApp, useInput } from 'ink';
import type { UiAgent } from './agent-port.js';
import type {
  HostCommandHandler,
  HostCommandReply,
  SlashCommand,
} from './commands/command-table.js';
import { parseSlashCommand } from './commands/command-table.js';
import { defaultCommands } from './commands/default-commands.js';
import { useAgentConversation } from './hooks/use-agent-conversation.js';
import { useExitConfirmation } from './hooks/use-exit-confirmation.js';
import { usePermissionQuestion } from './hooks/use-permission-question.js';
import { useSecondsClock } from './hooks/use-seconds-clock.js';
import { useTerminalSize } from './hooks/use-terminal-size.js';
import { completionLines, MAX_COMPLETIONS } from './input/completion-lines.js';
import { promptLines } from './input/prompt-lines.js';
import { usePromptInput } from './input/use-prompt-input.js';
import type { Snapshot } from './messages/ExpandedSnapshot.js';
import { MessageList } from './messages/MessageList.js';
import type { NoteLevel, UiNote } from './notes.js';
import type { PermissionBridge } from './permission/permission-bridge.js';
import { PermissionPrompt } from './permission/PermissionPrompt.js';
import { PERMISSION_PROMPT_ROWS } from './permission/permission-prompt-lines.js';
import { paint } from './render/ansi.js';
import { nextPermissionMode } from './status/permission-mode-cycle.js';
import { StatusLine } from './status/StatusLine.js';
import { totalTokens } from './status/status-text.js';

export interface AppProps {
  readonly agent: UiAgent;
  /** Shows the agent's permission questions; without it the agent has no one to ask. */
  readonly permissionBridge?: PermissionBridge;
  /** The slash commands; default `defaultCommands`. Later features pass a longer table. */
  readonly commands?: readonly SlashCommand[];
  /** Does what the UI cannot (switch the model, clear the session); see `HostCommandHandler`. */
  readonly onCommand?: HostCommandHandler;
  /** Sent as the first message once the app is up. */
  readonly initialPrompt?: string;
}

/** The live area never gets fewer rows than this, however small the terminal. */
const MIN_LIVE_ROWS = 3;
const PLACEHOLDER = 'Type a message · / for commands · ! for a shell command';

interface ExpandedView {
  readonly snapshot: Snapshot;
  readonly scroll: number;
}

export function App({
  agent,
  permissionBridge,
  commands = defaultCommands,
  onCommand,
  initialPrompt,
}: AppProps) {
  const { exit } = useApp();
  const { columns, rows } = useTerminalSize();
  const view = useAgentConversation(agent);
  const pending = usePermissionQuestion(permissionBridge);
  const [notes, setNotes] = useState<readonly UiNote[]>([]);
  const [expanded, setExpanded] = useState<ExpandedView | undefined>(undefined);
  const [turnStartedAt, setTurnStartedAt] = useState<number | undefined>(undefined);
  const [permissionMode, setPermissionMode] = useState(agent.permissionMode);
  const [allowBypass] = useState(agent.permissionMode === 'bypassPermissions');
  const running = turnStartedAt !== undefined || agent.isRunning;
  const now = useSecondsClock(running);

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

  const runTurn = useCallback(
    (start: () => Promise<unknown>) => {
      setTurnStartedAt(Date.now());
      void start()
        .then(
          () => undefined,
          (error: unknown) =>
            print(error instanceof Error ? error.message : String(error), 'error'),
        )
        .finally(() => setTurnStartedAt(undefined));
    },
    [print],
  );

  const runCommand = useCallback(
    (name: string, args: string) => {
      print(`> /${name}${args ? ` ${args}` : ''}`);
      const command = commands.find((candidate) => candidate.name === name);
      if (!command) {
        print(`Unknown command /${name}. Type /help to see the commands.`, 'warning');
        return;
      }
      const askHost = async (
        hostName: string,
        hostArgs: string,
      ): Promise<HostCommandReply | false> => {
        if (!onCommand) return false;
        const reply = await onCommand({ name: hostName, args: hostArgs });
        return reply === false ? false : (reply ?? {});
      };
      const context = { agent, args, commands, print, askHost, exit: leave };
      void Promise.resolve()
        .then(() => command.run(context))
        .catch((error: unknown) =>
          print(
            `/${name} failed: ${error instanceof Error ? error.message : String(error)}`,
            'error',
          ),
        );
    },
    [agent, commands, leave, onCommand, print],
  );

  const submit = useCallback(
    (text: string): boolean => {
      const trimmed = text.trim();
      const command = parseSlashCommand(trimmed);
      if (command) {
        runCommand(command.name, command.args);
        return true;
      }
      if (running) {
        print('A reply is still running: wait for it, or press Esc to stop it.', 'warning');
        return false;
      }
      if (trimmed.startsWith('!')) {
        const bang = trimmed.slice(1).trim();
        runTurn(() => agent.runBang(bang));
        return true;
      }
      runTurn(() => agent.sendMessage(trimmed));
      return true;
    },
    [agent, print, runCommand, runTurn, running],
  );

  const prompt = usePromptInput({ commands, isActive: pending === undefined, onSubmit: submit });

  // The rows below the live area (prompt, completion, status, hints, one spare) are kept free,
  // so the whole live part of the screen stays shorter than the terminal.
  const inputLines = promptLines(prompt.state.editor, columns, {
    focused: pending === undefined,
    placeholder: PLACEHOLDER,
  });
  const completions = completionLines(prompt.completions, prompt.state.selected, columns);
  const chromeRows =
    (pending
      ? PERMISSION_PROMPT_ROWS
      : inputLines.length + Math.min(MAX_COMPLETIONS, completions.length)) +
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
    if (pending) return; // The permission prompt has the keys.
    if (key.tab && key.shift) {
      const next = nextPermissionMode(agent.permissionMode, allowBypass);
      agent.setPermissionMode(next);
      setPermissionMode(next);
      return;
    }
    if (key.escape && running && prompt.completions.length === 0) agent.abortMessage();
  });

  const sentInitialPrompt = useRef(false);
  useEffect(() => {
    if (sentInitialPrompt.current || !initialPrompt?.trim()) return;
    sentInitialPrompt.current = true;
    submit(initialPrompt);
  }, [initialPrompt, submit]);

  return (
    <Box flexDirection="column">
      <MessageList
        messages={view.conversation.messages}
        notes={notes}
        discardedMessageIds={view.discardedMessageIds}
        columns={columns}
        liveRows={liveRows}
        {...(expanded ? { expanded } : {})}
      />
      {pending ? (
        <PermissionPrompt key={pending.question.toolCallId} pending={pending} columns={columns} />
      ) : (
        <Text>{[...inputLines, ...completions].join('\n')}</Text>
      )}
      <StatusLine
        columns={columns}
        info={{
          model: agent.provider.model,
          workdir: agent.workdir,
          permissionMode,
          tokens: totalTokens(view.conversation),
          runningSeconds: running
            ? Math.max(0, Math.floor((now - (turnStartedAt ?? now)) / 1000))
            : undefined,
        }}
      />
      {exitHint ? <Text>{paint('Press Ctrl+C again to exit', { dim: true })}</Text> : null}
    </Box>
  );
}
