// Wires one Agent's collaborators from its options: the model, the session store, the event hub,
// permissions, turns, compaction, /btw, tools and MCP servers. Nothing here runs a turn.
import { existsSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULT_EFFORT, initialSessionState } from '@wave-agent/shared-protocol';
import { Attachments } from '../attachments/attachments.js';
import { diskAttachmentStore, memoryAttachmentStore } from '../attachments/attachment-store.js';
import { EventHub } from '../events/event-hub.js';
import { AgentHooks, hooksInForce } from '../hooks/agent-hooks.js';
import { readHookConfig } from '../hooks/hook-config.js';
import { readHookCallbacks } from '../hooks/hook-callbacks.js';
import { ClaudeTranscript } from '../hooks/claude-transcript.js';
import { randomUUID } from 'node:crypto';
import { stderrLogger } from '../logger.js';
import { askSideQuestion } from '../loop/side-question.js';
import { McpServerPool } from '../mcp/mcp-server-pool.js';
import { resolveMcpTimeouts } from '../mcp/mcp-timeouts.js';
import { resolveModelSetup } from '../model/model-setup.js';
import { configuredKeyVariables, withoutCredentials } from '../model/credential-variables.js';
import { PermissionPolicy } from '../permissions/permission-policy.js';
import { CommandSandbox } from '../permissions/sandbox/command-sandbox.js';
import { alwaysAllower } from '../permissions/rules/always-allow.js';
import { rulesInForce } from '../permissions/rules/rules-in-force.js';
import { newSessionId } from '../session/session-id.js';
import { resolveWaveHome } from '../session/session-paths.js';
import { SessionFileError } from '../session/session-reader.js';
import { sessionPathFor } from '../session/session-summary.js';
import { loadAgentTypes } from '../subagents/agent-files.js';
import { BUILTIN_AGENT_TYPES } from '../subagents/agent-types.js';
import { builtinTools, selectTools } from '../tools/registry.js';
import { currentToolName } from '../tools/tool-aliases.js';
import { taskTool } from '../tools/task.js';
import { skillTool } from '../tools/skill.js';
import { ContextShelf } from '../context/context-shelf.js';
import { BackgroundCommands } from '../work/background-commands.js';
import type { AgentOptions } from './agent-options.js';
import type { AgentParts } from './agent-parts.js';
import { CallLimits } from './call-limits.js';
import { CommandInvoker } from './command-invoker.js';
import { Compactor } from './compactor.js';
import { ModelChoice } from './model-choice.js';
import { notice } from './notices.js';
import { PermissionDesk } from './permission-desk.js';
import { QuestionDesk } from './question-desk.js';
import { PERSON_TOOLS } from '../tools/person-tools.js';
import { join } from 'node:path';
import { SessionStore } from './session-store.js';
import { SideQuestions } from './side-questions.js';
import { Toolbox } from './toolbox.js';
import { TurnRunner } from './turn-runner.js';
import { demoConfigureHint } from '../model/demo-configure-hint.js';
import { userSettingsFile } from '../settings/settings-files.js';
import { pluginHookSources } from '../plugins/plugin-parts.js';

/** A folder's real path (links resolved), as the work-folder boundary compares paths. */
function realFolder(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    return folder;
  }
}

/** A new session may not take an id that is not one, or that a stored session already has. */
function refuseTakenId(waveHome: string, workdir: string, id: string): void {
  const path = sessionPathFor(waveHome, workdir, id);
  if (existsSync(path))
    throw new SessionFileError(
      path,
      `a stored session already has the id ${id}; open it (resume) instead of starting a new one under its id.`,
    );
}

/** Resolves the model (throws a ConfigError that says what to do) and wires the parts. */
export function buildAgent(options: AgentOptions): AgentParts {
  const env = options.env ?? process.env;
  const setup = resolveModelSetup({
    explicit: options,
    env,
    ...(options.settings ? { files: options.settings } : {}),
  });
  const workdir = resolve(options.workdir ?? process.cwd());
  const mcpTimeouts = resolveMcpTimeouts(env, options.mcpTimeouts);
  const waveHome = options.waveHome ?? resolveWaveHome(env);
  if (options.newSessionId !== undefined) refuseTakenId(waveHome, workdir, options.newSessionId);
  const logger = options.logger ?? stderrLogger;
  // The demo's advice names the settings file this agent reads, wherever $WAVE_HOME is.
  const demo = {
    ...options.demo,
    configureHint:
      options.demo?.configureHint ?? demoConfigureHint(undefined, userSettingsFile(waveHome)),
  };
  const models = new ModelChoice(setup, options.languageModel, demo);
  const limits = new CallLimits(options, models);

  const plugins = options.plugins ?? [];
  const userTypes = loadAgentTypes(
    workdir,
    waveHome,
    BUILTIN_AGENT_TYPES.map((type) => type.name),
    options.claudeHome,
    plugins.flatMap((plugin) =>
      plugin.agentFolders.map((folder) => ({ folder, namespace: plugin.name })),
    ),
  );
  for (const problem of userTypes.problems) logger.warn(problem);
  const agentTypes = [...BUILTIN_AGENT_TYPES, ...userTypes.types];

  const store = new SessionStore({
    waveHome,
    workdir,
    persist: options.persistSession !== false,
    ...(options.origin ? { origin: options.origin } : {}),
    logger,
    // The store warns only from startFresh on, once `events` (made with the store as its sink)
    // exists.
    warn: (message) => events.emit(notice('warning', message)),
  });
  const sessionId = options.newSessionId ?? newSessionId();
  const permissionMode = options.permissionMode ?? 'default';
  const keyVariables = configuredKeyVariables(options.settings);
  // The settings' variables for the programs Wave starts, never one that holds a key.
  const commandEnv = definedOnly(withoutCredentials(options.commandEnv ?? {}, keyVariables));
  const programEnv = { ...env, ...commandEnv };
  const fileHooks = readHookConfig([...(options.hooks ?? []), ...pluginHookSources(plugins)]);
  const callbackHooks = readHookCallbacks(options.hookCallbacks ?? []);
  const hookConfig = {
    hooks: [...fileHooks.hooks, ...callbackHooks.hooks],
    problems: [...fileHooks.problems, ...callbackHooks.problems],
  };
  const events = new EventHub(
    options.callbacks ?? {},
    logger,
    store,
    initialSessionState({
      sessionId,
      workdir,
      permissionMode,
      effort: options.effort ?? models.resolved.effort ?? options.defaultEffort ?? DEFAULT_EFFORT,
      model: models.sessionModel,
      models: models.configured,
      hooks: hooksInForce(hookConfig.hooks),
    }),
  );
  const transcript = new ClaudeTranscript({
    waveHome,
    cwd: workdir,
    sessionId: () => events.state.sessionId,
    messages: () => events.state.conversation.messages,
  });
  const hooks = new AgentHooks(hookConfig, {
    workdir,
    env: programEnv,
    keyVariables,
    sessionId: () => events.state.sessionId,
    // Claude Code's shape, for hooks that read it; none when the session is not kept on disk.
    transcriptPath: () => (store.path !== undefined ? transcript.path() : undefined),
    permissionMode: () => events.state.permissionMode,
    emit: (event) => events.emit(event),
    newId: randomUUID,
    now: Date.now,
  });
  for (const problem of hookConfig.problems) events.emit(notice('warning', problem));
  store.startFresh(sessionId);
  const { rules, additionalDirectories, bypassDisabledAt } = rulesInForce(
    options.permissionSettings ?? [],
    workdir,
  );
  const context = new ContextShelf(
    {
      workdir,
      waveHome,
      ...(options.claudeHome !== undefined ? { claudeHome: options.claudeHome } : {}),
      readDenied: (realPath) => rules.deniesReading(realPath),
      plugins,
    },
    logger,
  );
  events.emit({ type: 'contextLoaded', context: context.value.info });

  const mcp = new McpServerPool({
    emit: (event) => events.emit(event),
    workdir,
    env: programEnv,
    serverEnv: commandEnv,
    timeouts: mcpTimeouts,
    logger,
  });
  const asksAnyone = options.canUseTool !== undefined || options.permissionQuestions !== undefined;
  const desk = new PermissionDesk({
    hub: events,
    logger,
    ...(options.canUseTool ? { canUseTool: options.canUseTool } : {}),
    ...(options.permissionQuestions?.timeoutMs !== undefined
      ? { timeoutMs: options.permissionQuestions.timeoutMs }
      : {}),
  });
  // Hosts that answer questions as session state have a person to ask; print mode has none.
  const questions =
    options.permissionQuestions !== undefined ? new QuestionDesk(events) : undefined;
  // Named after the session it starts with, so a resumed session finds its plan again.
  const planFile = join(waveHome, 'plans', `${sessionId}.md`);
  const sandbox = new CommandSandbox({
    settings: options.sandbox ?? { enabled: false },
    workdir,
    waveHome,
    // PATH (where bwrap is) and HOME (whose credentials it hides): the configuration's first.
    env: { ...process.env, ...options.env },
    keyVariables,
    commandVariables: commandEnv,
    onStatus: (status) => {
      events.emit({ type: 'sandboxStatusChanged', status });
      // On by default but it cannot run here: said once, with the fix (the status keeps it too).
      if (status.state === 'off' && status.problem !== undefined)
        events.emit(notice('warning', status.problem));
    },
  });
  const permissions = new PermissionPolicy(
    permissionMode,
    workdir,
    new Set((options.allowedTools ?? []).map(currentToolName)),
    hooks.withPermissionHooks(asksAnyone ? desk.ask : undefined),
    {
      waveHome,
      planFile,
      sandbox,
      rules,
      additionalDirectories,
      ...(bypassDisabledAt !== undefined ? { bypassDisabledAt } : {}),
      alwaysAllow: alwaysAllower({
        workdir,
        waveHome,
        rules,
        warn: (message) => events.emit(notice('warning', message)),
      }),
    },
  );
  const disallowed = new Set((options.disallowedTools ?? []).map(currentToolName));
  const skills = skillTool({
    skills: () => context.value.skills,
    onLoaded: (skill) => permissions.allowReadingFolder(realFolder(skill.folder)),
  });
  const toolbox = new Toolbox({
    builtin: selectTools({ disallowedTools: [...disallowed, ...(questions ? [] : PERSON_TOOLS)] }, [
      ...builtinTools,
      taskTool(agentTypes),
    ]),
    mcp,
    disallowed,
    rules,
    workdir,
    permissionMode: () => permissions.permissionMode,
    planFile,
    context,
    skillTool: skills,
    ownPrompt: {
      ...(options.systemPrompt !== undefined ? { replace: options.systemPrompt } : {}),
      ...(options.appendSystemPrompt !== undefined ? { append: options.appendSystemPrompt } : {}),
    },
  });
  const attachments = new Attachments({
    workdir,
    // A session kept on disk keeps its attachments beside it; one that is not, in memory.
    store:
      options.persistSession !== false ? diskAttachmentStore(waveHome) : memoryAttachmentStore(),
    rules,
    model: () => models.resolved,
  });
  const compactor = new Compactor({
    hub: events,
    model: () => {
      const { model, resolved } = models.forPurpose('compact') ?? models.inUse;
      return {
        model,
        maxOutputTokens: limits.outputLimit(resolved),
        attachments: attachments.access(resolved),
      };
    },
    contextWindow: () => limits.contextWindow(),
    hooks,
  });
  const sideQuestions = new SideQuestions(
    events,
    // async: a model that cannot be used (its key is not set) ends the answer with a sentence.
    async (question, onChunk, signal) => {
      const { model, resolved } = models.forPurpose('btw') ?? models.inUse;
      const maxOutputTokens = limits.outputLimit(resolved);
      return askSideQuestion({
        model,
        system: toolbox.systemPrompt(toolbox.current()),
        messages: events.state.conversation.messages,
        attachments: attachments.access(resolved),
        question,
        signal,
        idleTimeoutMs: limits.retry.idleTimeoutMs,
        ...(maxOutputTokens ? { maxOutputTokens } : {}),
        onChunk,
      });
    },
    logger,
  );
  return {
    options,
    workdir,
    waveHome,
    logger,
    hub: events,
    store,
    models,
    limits,
    permissions,
    sandbox,
    rules,
    desk,
    ...(questions ? { questions } : {}),
    planFile,
    turns: new TurnRunner(events, () => store.writeSummary(events.state)),
    compactor,
    sideQuestions,
    toolbox,
    background: new BackgroundCommands({
      waveHome,
      sessionId: () => events.state.sessionId,
      emit: (event) => events.emit(event),
      tasks: () => events.state.backgroundTasks,
    }),
    mcp,
    agentTypes,
    hooks,
    context,
    commands: new CommandInvoker({
      workdir,
      permissions,
      commands: () => context.value.commands,
      folderTrusted: () => context.value.trusted,
      logger,
      beforeExecute: async () => store.checkpoints?.beforeExecute(),
      allowReadingFolder: (folder) => permissions.allowReadingFolder(realFolder(folder)),
      mcpPrompts: {
        servers: () => events.state.mcpServers,
        getPrompt: (server, prompt, args, signal) => mcp.getPrompt(server, prompt, args, signal),
      },
    }),
    attachments,
  };
}

function definedOnly(
  variables: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(variables).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
