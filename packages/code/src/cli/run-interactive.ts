// Interactive mode: the Ink UI (src/ui) on a session of @wave-agent/client (in-process): the
// UI shows the session state — the conversation, the permission question, the queue, the
// status — and asks for everything through the session handle. When the work folder's settings
// ask for more than the defaults, the trust question comes first (the Agent's options depend
// on the answer). The configuration is checked before the UI starts, so a bad one ends as one
// line on stderr (exit 2), never inside a half-drawn screen. --resume/--continue open their
// session first.
import { trustedHooks } from '../settings/hook-requests.js';
import { notificationChannel } from '../settings/notification-setting.js';
import { Agent, decideWorkspaceTrust, trustedFoldersPath } from '@wave-agent/agent-sdk';
import type { AskTrust } from '@wave-agent/agent-sdk';
import type { ProjectSettings } from '../settings/project-trust.js';
import { HOW_TO_TRUST, trustReport, trustedSettings } from '../settings/project-trust.js';
import { withFlagLayer } from '../settings/flag-layer.js';
import { agentOptions } from './agent-options.js';
import type { AgentOptionsInput } from './agent-options.js';
import type { CliIo } from './cli-io.js';
import type { CliOptions } from './cli-options.js';
import { demoNotice } from './demo-notice.js';
import { hostCommands } from './host-commands.js';
import { openLocalSession } from './local-session.js';
import { openStartSession, planSessionStart } from './session-start.js';
import { UsageError } from './usage-error.js';
import { trustedStatusLine } from '../settings/status-line-setting.js';
import { statusCommandConfig } from './status-command-config.js';
import type { StatusCommandConfig } from '../ui/hooks/use-status-command.js';

function withStatusCommand(config: StatusCommandConfig | undefined) {
  return config ? { statusCommand: config } : {};
}

export interface InteractiveRun {
  readonly cli: CliOptions;
  readonly base: Omit<AgentOptionsInput, 'canUseTool' | 'settings' | 'origin'>;
  /** The work folder's settings; those that need trust are asked about first. */
  readonly project: ProjectSettings;
  readonly io: CliIo;
}

/** Exit code when the user quits at the trust question, as for an interrupted run. */
const QUIT_EXIT_CODE = 130;

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
  const { askTrustInTerminal, promptHistoryFile, renderApp, RESTORE_TITLE, terminalSignalsFor } =
    await import('../ui/index.js');
  const { waveHome, workdir } = run.base;
  let quit = false;
  const ask: AskTrust = async (question) => {
    const outcome = await askTrustInTerminal(question, trustedFoldersPath(waveHome), io);
    if (outcome !== 'quit') return outcome;
    quit = true;
    return { trusted: false };
  };
  const trust = await decideWorkspaceTrust({
    waveHome,
    workdir,
    requests: run.project.requests,
    ask,
  });
  if (quit) return QUIT_EXIT_CODE;
  const trustNotes = trustReport(trust, HOW_TO_TRUST.interactive).map((text) => ({
    text,
    level: 'warning' as const,
  }));
  const local = await openLocalSession({
    agentOptions: agentOptions({
      ...run.base,
      settings: withFlagLayer(
        trustedSettings(run.project.loaded, trust.granted, run.project.stronger),
        run.project.loaded.flagLayer,
      ),
      hooks: trustedHooks(run.project.loaded.hooks, trust.granted),
      origin: 'interactive',
    }),
    askPermissions: true,
  });
  const notice = demoNotice(local.provider, waveHome);
  if (notice) io.stderr.write(`${notice}\n`);
  // Ink draws its first frame before its input hook turns raw mode on; keys typed in between
  // would be echoed by the terminal and Enter would arrive as a newline. Raw from the start.
  io.stdin.setRawMode(true);
  try {
    const plan = planSessionStart(run.cli, {
      listSessions: () => Agent.listSessions({ workdir, waveHome }),
    });
    const opened = await openStartSession(plan, local.session);
    const promptHistory = promptHistoryFile(waveHome, workdir);
    const historyNotes = promptHistory.problem
      ? [{ text: promptHistory.problem, level: 'warning' as const }]
      : [];
    const { loaded } = run.project;
    const setting = notificationChannel(
      loaded.user.preferredNotifChannel ?? loaded.project.preferredNotifChannel,
      loaded.claudeHome,
    );
    const signals = terminalSignalsFor(setting.channel, io.env);
    for (const warning of setting.warnings) io.stderr.write(`wave: ${warning}\n`);
    for (const warning of signals.warnings) io.stderr.write(`wave: ${warning}\n`);
    const app = renderApp({
      session: local.session,
      promptHistory,
      terminalSignals: signals.signals,
      initialNotes: [...trustNotes, ...opened.notes, ...historyNotes],
      resumeOnStart: opened.pick,
      ...withStatusCommand(
        statusCommandConfig(trustedStatusLine(run.project.loaded.statusLine ?? [], trust.granted), {
          waveHome,
          workdir,
          logger: run.base.logger,
        }),
      ),
      onCommand: hostCommands({ workdir, waveHome }, io),
      ...(run.cli.prompt ? { initialPrompt: run.cli.prompt } : {}),
      stdin: io.stdin,
      stdout: io.stdout,
      stderr: io.stderr,
    });
    await app.waitUntilExit();
    return 0;
  } finally {
    io.stdin.setRawMode(false);
    io.stdout.write(RESTORE_TITLE);
    const running = local.session
      .getSnapshot()
      .backgroundTasks.filter((task) => task.status === 'running');
    await local.close();
    // Closing the session stopped them: the user hears it here, the session file keeps it.
    if (running.length > 0)
      io.stdout.write(
        `Stopped ${running.length === 1 ? 'a background command' : `${running.length} background commands`} as the session ended: ${running.map((task) => task.command).join(', ')}\n`,
      );
  }
}
