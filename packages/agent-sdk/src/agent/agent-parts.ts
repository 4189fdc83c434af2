// The collaborators one Agent is made of, wired once by `buildAgent`. The Agent's public methods
// delegate to them; a group of the server's method handlers reaches only the parts it names
// (`sessionParts`, server/method-context.ts), so a new method needs no new Agent member
// (ARCHITECTURE §7). Only the Agent and a server session hold the whole bag (an eslint rule).
import type { Attachments } from '../attachments/attachments.js';
import type { ContextShelf } from '../context/context-shelf.js';
import type { EventHub } from '../events/event-hub.js';
import type { AgentHooks } from '../hooks/agent-hooks.js';
import type { Logger } from '../logger.js';
import type { McpServerPool } from '../mcp/mcp-server-pool.js';
import type { PermissionPolicy } from '../permissions/permission-policy.js';
import type { CommandSandbox } from '../permissions/sandbox/command-sandbox.js';
import type { PermissionRules } from '../permissions/rules/permission-rules.js';
import type { AgentType } from '../subagents/agent-types.js';
import type { BackgroundCommands } from '../work/background-commands.js';
import type { AgentOptions } from './agent-options.js';
import type { CallLimits } from './call-limits.js';
import type { CommandInvoker } from './command-invoker.js';
import type { Compactor } from './compactor.js';
import type { ModelChoice } from './model-choice.js';
import type { PermissionDesk } from './permission-desk.js';
import type { QuestionDesk } from './question-desk.js';
import type { SessionStore } from './session-store.js';
import type { SideQuestions } from './side-questions.js';
import type { Toolbox } from './toolbox.js';
import type { TurnRunner } from './turn-runner.js';

export interface AgentParts {
  readonly options: AgentOptions;
  /** Where tools work (absolute). */
  readonly workdir: string;
  readonly waveHome: string;
  readonly logger: Logger;
  /** The session state, its event sequence and its subscribers (emit = reduce, persist, notify). */
  readonly hub: EventHub;
  /** The session's file and checkpoints on disk. */
  readonly store: SessionStore;
  readonly models: ModelChoice;
  readonly limits: CallLimits;
  readonly permissions: PermissionPolicy;
  /** Where commands run: the sandbox, its status and its temp folder. */
  readonly sandbox: CommandSandbox;
  /** The permission rules in force (/permissions lists, adds and removes them). */
  readonly rules: PermissionRules;
  /** Permission questions posed to hosts, and their answers. */
  readonly desk: PermissionDesk;
  /**
   * The model's questions to the user (AskUserQuestion, ExitPlanMode); absent when no person
   * can answer (print mode), and then those tools are not offered.
   */
  readonly questions?: QuestionDesk;
  /** Plan mode's one writable file, named in its instructions. */
  readonly planFile: string;
  /** One turn at a time, and the queue of messages waiting for it. */
  readonly turns: TurnRunner;
  readonly compactor: Compactor;
  readonly sideQuestions: SideQuestions;
  readonly toolbox: Toolbox;
  readonly background: BackgroundCommands;
  readonly mcp: McpServerPool;
  readonly agentTypes: readonly AgentType[];
  /** The settings' hooks, run at the named points of the session and its turns. */
  readonly hooks: AgentHooks;
  /** The memory files, custom commands and skills read for the current session. */
  readonly context: ContextShelf;
  /** Turns a message naming a custom command into its prompt. */
  readonly commands: CommandInvoker;
  /** `@` completion, and the files and images attached to messages (kept by reference). */
  readonly attachments: Attachments;
}

const partsByAgent = new WeakMap<object, AgentParts>();

/** Files an agent's parts (the builder does, once). */
export function registerParts(agent: object, parts: AgentParts): void {
  partsByAgent.set(agent, parts);
}

/** The parts of an agent, for a server session to hand out by name (not part of the SDK's API). */
export function partsOf(agent: object): AgentParts {
  const parts = partsByAgent.get(agent);
  if (!parts) throw new Error('This object is not an Agent made by Agent.create.');
  return parts;
}
