// Interactive mode: the Ink UI (src/ui) over an Agent whose permission questions go to the UI
// through the permission bridge and whose queue changes go to it through the queue feed. The
// configuration is checked before the UI starts, so a bad one ends as one line on stderr
// (exit 2), never inside a half-drawn screen. --resume/--continue open their session first.
import { Agent } from '@wave-agent/agent-sdk';
import { agentOptions } from './agent-options.js';
import type { AgentOptionsInput } from './agent-options.js';
import type { CliIo } from './cli-io.js';
import type { CliOptions } from './cli-options.js';
import { demoNotice } from './demo-notice.js';
import { hostCommands } from './host-commands.js';
import { openStartSession, planSessionStart } from './session-start.js';
import { uiAgentFor } from './ui-agent-adapter.js';
import { UsageError } from './usage-error.js';

export interface InteractiveRun {
  readonly cli: CliOptions;
  readonly base: Omit<AgentOptionsInput, 'canUseTool'>;
  readonly io: CliIo;
}

export async function runInteractive(run: InteractiveRun): Promise<number> {
  const { io } = run;
  if (!io.stdin.isTTY) {
    throw new UsageError(
      'the interactive UI needs a terminal on stdin; to pipe a prompt in, use: echo "your question" | wave -p.',
    );
  }
  if (!io.stdout.isTTY) {
    throw new UsageError(
      'the interactive UI needs a terminal on stdout; to write the answer to a file or pipe, use wave -p "your question".',
    );
  }
  const { createPermissionBridge, createQueueFeed, renderApp } = await import('../ui/index.js');
  const permissionBridge = createPermissionBridge();
  const queueFeed = createQueueFeed();
  const agent = await Agent.create(
    agentOptions({ ...run.base, canUseTool: permissionBridge.canUseTool }),
  );
  const notice = demoNotice(agent.provider);
  if (notice) io.stderr.write(`${notice}\n`);
  // Ink draws its first frame before its input hook turns raw mode on; keys typed in between
  // would be echoed by the terminal and Enter would arrive as a newline. Raw from the start.
  io.stdin.setRawMode(true);
  try {
    const opened = await openStartSession(planSessionStart(run.cli, agent), agent);
    const app = renderApp({
      agent: uiAgentFor(agent, queueFeed),
      permissionBridge,
      queueFeed,
      initialNotes: opened.notes,
      resumeOnStart: opened.pick,
      onCommand: hostCommands(agent, { workdir: run.base.workdir, waveHome: run.base.waveHome }),
      ...(run.cli.prompt ? { initialPrompt: run.cli.prompt } : {}),
      stdin: io.stdin,
      stdout: io.stdout,
      stderr: io.stderr,
    });
    await app.waitUntilExit();
    return 0;
  } finally {
    io.stdin.setRawMode(false);
    agent.destroy();
  }
}
