// wave-claude: Wave speaking Claude Code's headless protocol, so an app written with the Claude
// Agent SDK runs on Wave by setting `pathToClaudeCodeExecutable`. stdin brings the app's lines
// (control requests, user messages: several turns in one process), stdout carries the SDK's
// messages only. The session is a host like print mode: @wave-agent/client in-process, its
// events turned into SDK messages as they are applied (sdk-message-mapper.ts). The process ends
// when stdin closes and the last turn has its result, or at once on SIGTERM (the SDK's abort),
// with the turn stopped first so no command it started outlives it.
import { createInterface } from 'node:readline';
import { resolveWaveHome } from '@wave-agent/agent-sdk';
import type { Logger } from '@wave-agent/agent-sdk';
import { errorText, isRecord, PERMISSION_MODES } from '@wave-agent/shared-protocol';
import type { CliContext } from '../cli.js';
import { parseCliArgs } from '../cli/parse-cli-args.js';
import { openLocalSession } from '../cli/local-session.js';
import type { LocalSession } from '../cli/local-session.js';
import { resolveWorkdir } from '../cli/workdir.js';
import { budgetProblem, budgetSpent } from '../print/budget-guard.js';
import { appHookCallbacks } from './app-hook-callbacks.js';
import { AppMcpServers, appConfiguredServers } from './app-mcp-servers.js';
import { appPermissionPrompt } from './app-permission-prompt.js';
import { headlessAgentOptions } from './headless-agent-options.js';
import { parseHeadlessArgs } from './headless-args.js';
import { initMessage, mcpServersSettled } from './init-message.js';
import { ProtocolChannel } from './protocol-channel.js';
import { hookDenial, resultMessage } from './result-message.js';
import type { PermissionDenial } from './result-message.js';
import { SdkMessageMapper } from './sdk-message-mapper.js';
import { userText } from './user-text.js';

/** What a process killed by SIGTERM reports. */
const TERMINATED_EXIT_CODE = 143;

/** `initialize`'s system prompt: a list of parts ([""] when the app gave none). */
function promptOf(value: unknown): string | undefined {
  const parts = Array.isArray(value) ? value : [value];
  const text = parts.filter((part): part is string => typeof part === 'string').join('\n\n');
  return text.trim() === '' ? undefined : text;
}

export async function runClaudeHeadless(
  argv: readonly string[],
  context: CliContext,
): Promise<number> {
  const { io } = context;
  const say = (line: string): void => void io.stderr.write(`wave-claude: ${line}\n`);
  const args = parseHeadlessArgs(argv);
  for (const line of args.ignored) say(line);
  const cli = parseCliArgs(['-p', ...args.printArgs]);
  const workdir = resolveWorkdir(cli.cwd, context.cwd);
  const waveHome = resolveWaveHome(io.env);
  const channel = new ProtocolChannel(io.stdout);
  const prompt = args.askApp ? appPermissionPrompt(channel) : undefined;
  const appServers = new AppMcpServers(channel);
  const logger: Logger = {
    debug() {},
    info() {},
    warn: (message) => say(message),
    error: (message, error) =>
      say(error === undefined ? message : `${message} ${errorText(error)}`),
  };

  let local: LocalSession | undefined;
  let problem: string | undefined;
  let lastWasError = false;
  /** Turns asked for whose result has not been sent. */
  let turnsOwed = 0;
  let stdinClosed = false;
  let finish: () => void = () => {};
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const finishIfDone = (): void => {
    if (stdinClosed && turnsOwed === 0) finish();
  };

  const open = async (initialize: Record<string, unknown>): Promise<LocalSession | undefined> => {
    const systemPrompt = promptOf(initialize['systemPrompt']);
    const append = promptOf(initialize['appendSystemPrompt']);
    const chosen = await headlessAgentOptions({
      cli,
      io,
      workdir,
      waveHome,
      logger,
      ...(prompt ? { canUseTool: prompt.canUseTool } : {}),
      ...(systemPrompt !== undefined ? { systemPrompt } : {}),
      ...(append !== undefined ? { appendSystemPrompt: append } : {}),
      hookCallbacks: appHookCallbacks(initialize['hooks'], channel),
      relayedMcpServers: appServers.relays(initialize['sdkMcpServers']),
      appMcpServers: appConfiguredServers(initialize['mcpServers'], say),
    });
    if ('problem' in chosen) {
      problem = chosen.problem;
      say(chosen.problem);
      return undefined;
    }
    const opened = await openLocalSession({ agentOptions: chosen.options, askPermissions: false });
    // --max-budget-usd (the SDK's maxBudgetUsd), as wave -p keeps it: checked after each model
    // call; a model without a price cannot be measured, so the session does not start.
    const maxBudgetUsd = cli.print?.maxBudgetUsd;
    const cannotBudget =
      maxBudgetUsd === undefined
        ? undefined
        : budgetProblem(maxBudgetUsd, opened.session.getSnapshot());
    if (cannotBudget !== undefined) {
      problem = cannotBudget;
      say(cannotBudget);
      await opened.close();
      return undefined;
    }
    let overBudget: string | undefined;
    const mapper = new SdkMessageMapper({ partialMessages: args.partialMessages });
    let modelCalls = 0;
    let hookDenials: PermissionDenial[] = [];
    opened.session.onEvent((event, state) => {
      for (const message of mapper.map(event, state)) channel.send(message);
      const denied = hookDenial(event, state);
      if (denied !== undefined) hookDenials.push(denied);
      // A turn after the budget is spent stops at once, as the one that spent it did.
      const callEnded = event.type === 'assistantMessageFinished' || event.type === 'usageUpdated';
      const stopAtBudget = (): void =>
        void opened.session.abort().catch((error: unknown) => {
          say(`could not stop the turn at the budget (${errorText(error)}).`);
        });
      if (maxBudgetUsd !== undefined && overBudget === undefined && callEnded) {
        overBudget = budgetSpent(maxBudgetUsd, state);
        if (overBudget !== undefined) stopAtBudget();
      } else if (overBudget !== undefined && event.type === 'turnStarted') stopAtBudget();
      if (event.type === 'turnStarted') modelCalls = 0;
      if (event.type === 'assistantMessageFinished') modelCalls++;
      if (event.type !== 'turnEnded' || event.stopReason === 'removed') return;
      const { type: _type, turnId: _turnId, ...turn } = event;
      const result = resultMessage({
        turn,
        state,
        modelCalls,
        denials: [...(prompt?.takeDenials() ?? []), ...hookDenials],
        ...(overBudget !== undefined ? { overBudget } : {}),
      });
      hookDenials = [];
      lastWasError = result['is_error'] === true;
      channel.send(result);
      turnsOwed = Math.max(0, turnsOwed - 1);
      finishIfDone();
    });
    // The init message lists the MCP servers' tools, as Claude Code's does: wait for them
    // (each server's start is bounded by the connect timeout).
    await mcpServersSettled(opened.session);
    channel.send(initMessage(opened.session.getSnapshot(), cli.disallowedTools ?? []));
    return opened;
  };

  // Lines are handled in order; a user message only starts its turn (queued while one runs), so
  // an interrupt or a can_use_tool answer that follows it is read at once.
  let sessionReady: Promise<LocalSession | undefined> | undefined;
  const sessionFor = (initialize: Record<string, unknown>): Promise<LocalSession | undefined> => {
    sessionReady ??= open(initialize).then((opened) => (local = opened));
    return sessionReady;
  };
  const controlRequest = async (line: Record<string, unknown>): Promise<void> => {
    const requestId = typeof line['request_id'] === 'string' ? line['request_id'] : '';
    const request = isRecord(line['request']) ? line['request'] : {};
    const subtype = request['subtype'];
    try {
      if (subtype === 'initialize') {
        const session = await sessionFor(request);
        if (session === undefined) return channel.fail(requestId, problem ?? 'no session');
        const state = session.session.getSnapshot();
        return channel.respond(requestId, {
          commands: [],
          agents: [],
          models: [],
          current_permission_mode: state.permissionMode,
          pid: process.pid,
          hooks_applied: true,
          mcp_servers_applied: true,
        });
      }
      const session = await sessionFor({});
      if (session === undefined) return channel.fail(requestId, problem ?? 'no session');
      if (subtype === 'mcp_message') return channel.respond(requestId, appServers.fromApp(request));
      if (subtype === 'interrupt') {
        await session.session.abort();
        return channel.respond(requestId, { still_queued: [] });
      }
      if (subtype === 'set_permission_mode') {
        const mode = PERMISSION_MODES.find((each) => each === request['mode']);
        if (mode === undefined)
          return channel.fail(
            requestId,
            `"${String(request['mode'])}" is not a permission mode; use one of ${PERMISSION_MODES.join(', ')}.`,
          );
        await session.session.setPermissionMode(mode);
        return channel.respond(requestId);
      }
      if (subtype === 'set_model') {
        const model = request['model'];
        if (typeof model === 'string') await session.session.setModel(model);
        return channel.respond(requestId);
      }
      channel.fail(
        requestId,
        `wave-claude does not support the control request "${String(subtype)}".`,
      );
    } catch (error) {
      channel.fail(requestId, errorText(error));
    }
  };
  const userMessage = async (line: Record<string, unknown>): Promise<void> => {
    const session = await sessionFor({});
    if (session === undefined) return;
    const text = userText(line['message']);
    if (text === undefined) {
      say('a user message without text was skipped (wave-claude takes text content only).');
      return;
    }
    turnsOwed++;
    try {
      await session.session.sendMessage(text);
    } catch (error) {
      turnsOwed--;
      say(`the message could not be sent: ${errorText(error)}`);
    }
  };

  let work: Promise<void> = Promise.resolve();
  const lines = createInterface({ input: io.stdin, crlfDelay: Infinity });
  lines.on('line', (text) => {
    if (text.trim() === '') return;
    let line: unknown;
    try {
      line = JSON.parse(text);
    } catch {
      say(`a line on stdin is not JSON and was skipped: ${text.slice(0, 80)}`);
      return;
    }
    if (!isRecord(line)) return;
    // Answers to our requests are taken at once: a turn may be waiting on one.
    if (line['type'] === 'control_response') return channel.answered(line);
    if (line['type'] === 'control_request') work = work.then(() => controlRequest(line));
    else if (line['type'] === 'user') work = work.then(() => userMessage(line));
  });
  lines.on('close', () => {
    channel.close('stdin closed before the app answered.');
    void work.then(() => {
      stdinClosed = true;
      finishIfDone();
    });
  });

  let terminated = false;
  // Kept until the end: the SDK's abort signals twice (its own SIGTERM, then the spawn's), and
  // a second SIGTERM without a handler would end the process before the turn's commands.
  const onTerminate = (): void => {
    terminated = true;
    finish();
  };
  process.on('SIGTERM', onTerminate);
  try {
    await finished;
    await work;
    if (terminated) await local?.session.abort().catch(() => undefined);
  } finally {
    process.off('SIGTERM', onTerminate);
    lines.close();
    await local?.close();
  }
  if (terminated) return TERMINATED_EXIT_CODE;
  return problem !== undefined || lastWasError ? 1 : 0;
}
