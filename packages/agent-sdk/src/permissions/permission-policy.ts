// Decides whether a tool call may run: the one place every caller asks. By the permission rules
// (rules/permission-rules.ts: a deny holds in every mode, bypassPermissions included), by
// permission mode, by where it really reaches (links resolved: work-folder-boundary.ts), by what
// the user allowed for the session, and otherwise by asking (canUseTool). Two questions are
// never skipped outside bypassPermissions, whatever allowedTools or "allow for this session"
// say: a path outside the work folder (only an allow rule that names the path answers it), and a
// change to Wave's own configuration (a project could otherwise widen its own permissions).
import { resolve, sep } from 'node:path';
import type { PermissionMode, UnaskedReason } from '@wave-agent/shared-protocol';
import type { FileRules } from '../tools/file-rules.js';
import type { ToolDefinition } from '../tools/tool.js';
import type { CanUseTool } from './permission-request.js';
import type { CommandSandbox } from './sandbox/command-sandbox.js';
import type { CommandLauncher } from './sandbox/command-launcher.js';
import { UNSANDBOXED } from './sandbox/command-launcher.js';
import { sandboxVerdict } from './sandbox/sandbox-gate.js';
import type { SandboxVerdict } from './sandbox/sandbox-gate.js';
import type { AlwaysAllow } from './rules/always-allow.js';
import { describeRule } from './rules/permission-rule.js';
import { PermissionRules } from './rules/permission-rules.js';
import type { RuleVerdict } from './rules/permission-rules.js';
import type { PermissionRule } from './rules/permission-rule.js';
import { ruleFamily } from './rules/rule-family.js';
import { suggestRule } from './rules/suggest-rule.js';
import { domainRule } from './rules/domain-pattern.js';
import { WorkFolderBoundary } from './work-folder-boundary.js';
import { readOnlyVerdict } from './read-only/read-only-gate.js';
import type { ReadOnlyVerdict } from './read-only/read-only-gate.js';

export type PermissionOutcome =
  /** `outsideSandbox`: the sandbox cannot run here and the user agreed to run it outside. */
  | {
      readonly allowed: true;
      readonly outsideSandbox?: boolean;
      /** Why nobody was asked (for the tool card); absent when someone was, or it never asks. */
      readonly unasked?: UnaskedReason;
      /** The one asked allowed the call with this input instead. */
      readonly updatedInput?: Record<string, unknown>;
    }
  /** `byUser`: a person said no, so the rest of this response's calls are skipped. */
  | { readonly allowed: false; readonly reason: string; readonly byUser: boolean };

export interface PermissionCheck {
  readonly tool: ToolDefinition<unknown>;
  readonly input: unknown;
  readonly toolCallId: string;
  readonly compactParams?: string;
  readonly signal: AbortSignal;
  /**
   * A PreToolUse hook's permissionDecision: `allow` answers a standing question (never the work
   * folder's or the configuration's); `ask` asks even where nothing else would.
   */
  readonly hook?: { readonly decision: 'allow' | 'ask'; readonly reason?: string };
  /**
   * The command comes from a file of a folder not trusted (a custom command's `!` line): the
   * read-only list does not let it run unasked, as running the folder's programs needs trust.
   */
  readonly untrustedSource?: boolean;
}

/** An allow rule a custom command brings for its own turn (its `allowed-tools`). */
export interface TurnRule {
  readonly text: string;
  readonly tool: string;
  readonly specifier?: string;
  /** The command's file. */
  readonly source: string;
  readonly kind: PermissionRule['kind'];
}

export interface PermissionPolicyOptions {
  /** Wave's home: writes there always ask, like writes to the project's `.wave/`. */
  readonly waveHome?: string;
  /** Plan mode's plan file: the one file plan mode lets the model write, without asking. */
  readonly planFile?: string;
  /** Where commands run (sandbox/command-sandbox.ts); without it they run as they are. */
  readonly sandbox?: CommandSandbox;
  /** The permission rules of the settings files in force. */
  readonly rules?: PermissionRules;
  /** Folders the settings add to the work folder (`permissions.additionalDirectories`). */
  readonly additionalDirectories?: readonly string[];
  /** Keeps the rule of an `allowAlways` answer; without it, no such answer is offered. */
  readonly alwaysAllow?: AlwaysAllow;
  /** Where settings forbid bypassPermissions (`disableBypassPermissionsMode`): it is refused. */
  readonly bypassDisabledAt?: string;
}

/** The error for a switch to a mode the settings forbid. */
export class ModeForbiddenError extends Error {}

/** Why a call needs a person's yes, and whether an earlier "allow" may answer for them. */
interface Question {
  readonly reason: string;
  /** False for the boundary and configuration questions, which are asked every time. */
  readonly standing: boolean;
  /** Outside paths this question is about: "allow for this session" allows exactly these. */
  readonly outside: readonly string[];
  /** Whether "don't ask again" may be offered (not for configuration, nor an ask rule's question). */
  readonly offersRule: boolean;
  /** The web host this question is about: "allow for this session" allows that host only. */
  readonly host?: string;
  /** A yes answers it for the rest of the session (`asksOncePerSession`). */
  readonly once?: boolean;
}

function commandOf(call: PermissionCheck): string | undefined {
  const input = call.input;
  if (typeof input !== 'object' || input === null || !('command' in input)) return undefined;
  const command: unknown = input.command;
  return typeof command === 'string' ? command : undefined;
}

/** What "allow for this session" keeps for a web host. */
const hostKey = (tool: string, host: string) => `${tool}(domain:${host})`;

export class PermissionPolicy {
  private readonly allowedThisSession = new Set<string>();
  /** Folders read-only tools may read outside the work folder (a loaded skill's). */
  private readonly readableFolders = new Set<string>();
  /** Real paths outside the work folder the user allowed for the session, per tool. */
  private readonly outsideAllowed = new Map<string, Set<string>>();
  private readonly boundary: WorkFolderBoundary;
  private readonly sandbox: CommandSandbox | undefined;
  private rules: PermissionRules | undefined;
  private readonly alwaysAllow: AlwaysAllow | undefined;
  private readonly planFile: string | undefined;

  constructor(
    private mode: PermissionMode,
    private readonly workdir: string,
    /** Tools that never ask inside the work folder (from options or settings). */
    private readonly alwaysAllowed: ReadonlySet<string>,
    private readonly canUseTool: CanUseTool | undefined,
    options: PermissionPolicyOptions = {},
  ) {
    this.boundary = new WorkFolderBoundary(
      workdir,
      options.waveHome,
      options.additionalDirectories,
    );
    this.rules = options.rules;
    this.alwaysAllow = options.alwaysAllow;
    this.sandbox = options.sandbox;
    this.planFile = options.planFile === undefined ? undefined : resolve(options.planFile);
    this.bypassDisabledAt = options.bypassDisabledAt;
    this.refuseForbidden(mode);
  }

  private readonly bypassDisabledAt: string | undefined;

  private refuseForbidden(mode: PermissionMode): void {
    if (mode === 'bypassPermissions' && this.bypassDisabledAt !== undefined)
      throw new ModeForbiddenError(
        `bypassPermissions is turned off by "permissions.disableBypassPermissionsMode": "disable" at ${this.bypassDisabledAt}; use another permission mode (default, acceptEdits, plan or dontAsk).`,
      );
  }

  /** Whether the settings let this session switch to bypassPermissions. */
  get bypassAllowed(): boolean {
    return this.bypassDisabledAt === undefined;
  }

  /** The call edits the plan file and nothing else (plan mode's one allowed write). */
  private writesOnlyPlanFile(tool: ToolDefinition<unknown>, input: unknown): boolean {
    if (this.planFile === undefined || tool.permission !== 'edit' || !tool.paths) return false;
    const paths = tool.paths(input, this.workdir);
    return paths.length > 0 && paths.every((path) => resolve(path) === this.planFile);
  }

  get permissionMode(): PermissionMode {
    return this.mode;
  }

  /** Who answers questions: nobody in dontAsk mode, which refuses instead. */
  private get asker(): CanUseTool | undefined {
    return this.mode === 'dontAsk' ? undefined : this.canUseTool;
  }

  setMode(mode: PermissionMode): void {
    this.refuseForbidden(mode);
    this.mode = mode;
  }

  /** What this call must be asked about, or undefined when it may simply run. */
  private async question(
    tool: ToolDefinition<unknown>,
    input: unknown,
    verdict: RuleVerdict,
    sandboxed: boolean,
    readOnly: ReadOnlyVerdict | undefined,
    subject?: string,
  ): Promise<Question | undefined> {
    const reach = await this.boundary.reach(tool.paths?.(input, this.workdir) ?? []);
    const allowedOutside = this.outsideAllowed.get(tool.name);
    // An allow rule that names paths (`Read(~/notes/**)`) covers every path of the call.
    const ruleNamesPaths =
      verdict.behavior === 'allow' &&
      verdict.rule?.specifier !== undefined &&
      ruleFamily(verdict.rule.tool) === 'path';
    const outside = ruleNamesPaths
      ? []
      : reach.outside.filter(
          (path) =>
            !allowedOutside?.has(path) &&
            !(tool.permission === 'read-only' && this.isInReadableFolder(path)),
        );
    if (outside.length > 0) {
      return {
        reason: `${tool.name} reaches outside the working directory: ${outside.join(', ')}`,
        standing: false,
        outside,
        offersRule: true,
      };
    }
    if (tool.permission === 'edit' && reach.configuration.length > 0) {
      return {
        reason: `${tool.name} changes Wave's configuration (${reach.configuration.join(', ')}), which could change what Wave may do`,
        standing: false,
        outside: [],
        offersRule: false,
      };
    }
    if (verdict.behavior === 'ask' && verdict.rule)
      return {
        reason:
          verdict.hidden !== undefined
            ? `${tool.name} is asked about every time here: ${verdict.hidden}, so the rule ${describeRule(verdict.rule)} cannot be checked`
            : `${tool.name} is asked about every time: the rule ${describeRule(verdict.rule)} says so`,
        standing: false,
        outside: [],
        offersRule: false,
      };
    if (verdict.behavior === 'allow') return undefined;
    const standing = { standing: true, outside: [], offersRule: true };
    if (tool.asksOncePerSession !== undefined)
      return { reason: tool.asksOncePerSession, ...standing, once: true };
    // A page of a host not allowed yet: asked per host, the URL shown.
    const host = tool.webHost?.(input);
    if (tool.webHost !== undefined)
      return {
        reason: `${tool.name} wants to read ${subject ?? host ?? 'a web page'}${host !== undefined ? ` (${host} is not allowed yet)` : ''}`,
        ...standing,
        ...(host !== undefined ? { host } : {}),
      };
    // In the sandbox the operating system holds the line, so a command need not be asked about;
    // nor need one the read-only list shows only reads what may be read.
    if (tool.permission === 'execute' && !sandboxed && readOnly?.kind !== 'read-only')
      return {
        reason: `${tool.askReason ?? `${tool.name} runs commands on your machine`}${verdict.unmatched ? ` (${verdict.unmatched})` : ''}${readOnly?.kind === 'ask' ? `: ${readOnly.why}` : ''}`,
        ...standing,
      };
    if (tool.permission === 'edit' && this.mode !== 'acceptEdits')
      return { reason: `${tool.name} changes files`, ...standing };
    return undefined;
  }

  async check(call: PermissionCheck): Promise<PermissionOutcome> {
    // `excludedCommands` run outside the sandbox: decided as if it were off, then run outside.
    const excluded =
      call.tool.runsCommands === true &&
      this.sandbox !== undefined &&
      (await this.sandbox.excludes(commandOf(call) ?? ''));
    const outcome = await this.decide(call, excluded);
    return excluded && outcome.allowed ? { ...outcome, outsideSandbox: true } : outcome;
  }

  private async decide(call: PermissionCheck, excluded: boolean): Promise<PermissionOutcome> {
    const { tool } = call;
    const verdict: RuleVerdict = this.rules ? await this.rules.decide(call) : {};
    if (verdict.behavior === 'deny' && verdict.rule) {
      return {
        allowed: false,
        byUser: false,
        reason: `${tool.name} was not run: the rule ${describeRule(verdict.rule)} denies it. Do not retry it; find another way or ask the user.`,
      };
    }
    const readOnly = await this.readOnly(call, verdict);
    if (readOnly?.kind === 'denied')
      return {
        allowed: false,
        byUser: false,
        reason: `${tool.name} was not run: ${readOnly.why}. Do not retry it; find another way or ask the user.`,
      };
    const onlyReads = readOnly?.kind === 'read-only';
    if (this.mode === 'plan' && tool.permission !== 'read-only' && !onlyReads) {
      if (this.writesOnlyPlanFile(tool, call.input)) return { allowed: true };
      const planFile =
        this.planFile === undefined
          ? ''
          : ` in the plan file, ${this.planFile} (the one file plan mode lets you write)`;
      return {
        allowed: false,
        byUser: false,
        reason: `Plan mode allows only read-only tools, so ${tool.name} was not run. Finish the plan${planFile}; the user approves it or leaves plan mode to let you make changes.`,
      };
    }
    // A read-only command needs no sandbox: where the sandbox cannot run, it runs outside unasked.
    if (onlyReads && verdict.behavior !== 'ask' && call.hook?.decision !== 'ask')
      return (await this.sandboxCannotRun())
        ? { allowed: true, outsideSandbox: true, unasked: { kind: 'read-only' } }
        : { allowed: true, unasked: { kind: 'read-only' } };
    const sandbox: SandboxVerdict =
      tool.runsCommands && !excluded
        ? await sandboxVerdict(this.sandbox, this.requestOf(call), this.asker)
        : { kind: 'none' };
    // Sandboxed and unasked, unless the settings say to ask all the same (autoAllowBashIfSandboxed).
    const sandboxedUnasked = sandbox.kind === 'sandboxed' && this.sandbox?.autoAllow !== false;
    if (sandbox.kind === 'refused')
      return { allowed: false, reason: sandbox.reason, byUser: sandbox.byUser };
    if (sandbox.kind === 'outside') return { allowed: true, outsideSandbox: true };
    // A command that may hide a denied program asks in every mode, as the deny rule holds in every mode.
    if (this.mode === 'bypassPermissions' && verdict.hidden === undefined)
      return tool.permission === 'read-only'
        ? { allowed: true }
        : { allowed: true, unasked: { kind: 'mode', mode: 'bypassPermissions' } };
    const question =
      (await this.question(
        tool,
        call.input,
        verdict,
        sandboxedUnasked,
        readOnly,
        call.compactParams,
      )) ??
      (call.hook?.decision === 'ask'
        ? {
            reason: call.hook.reason ?? 'A PreToolUse hook asks',
            standing: false,
            outside: [],
            offersRule: false,
          }
        : undefined);
    if (
      !question ||
      (question.standing &&
        (this.alwaysAllowed.has(tool.name) ||
          this.allowedThisSession.has(tool.name) ||
          (question.host !== undefined &&
            this.allowedThisSession.has(hostKey(tool.name, question.host))) ||
          call.hook?.decision === 'allow'))
    ) {
      const unasked = this.unaskedReason(tool, verdict, sandboxedUnasked, question);
      return unasked ? { allowed: true, unasked } : { allowed: true };
    }
    const ask = this.asker;
    if (!ask) {
      const dontAsk = this.mode === 'dontAsk';
      const example =
        question.host !== undefined ? domainRule(tool.name, question.host) : tool.name;
      const how = dontAsk
        ? `Allow it with a rule in the settings' permissions.allow or --allowedTools (e.g. "${example}"), or run in another --permission-mode.`
        : question.standing
          ? `${
              tool.permission === 'edit'
                ? 'Run with --permission-mode acceptEdits (or bypassPermissions)'
                : 'Run with --permission-mode bypassPermissions'
            }, or allow it with a rule in the settings' permissions.allow (e.g. "${example}").`
          : verdict.hidden !== undefined
            ? 'Name the program in the command itself (not in a variable or eval) so the rules can check it.'
            : verdict.behavior === 'ask'
              ? 'Remove the ask rule to let it run without asking.'
              : 'Only --permission-mode bypassPermissions allows that without asking.';
      return {
        allowed: false,
        byUser: false,
        reason: `${question.reason}, and ${dontAsk ? 'dontAsk mode refuses without asking whatever no rule allows' : 'there is no one to ask for permission here'}. ${how}`,
      };
    }
    const alwaysRule =
      this.alwaysAllow && question.offersRule
        ? await suggestRule(tool, call.input, this.workdir, question.outside)
        : undefined;
    const answer = await ask({
      toolName: tool.name,
      toolCallId: call.toolCallId,
      permission: tool.permission,
      input: call.input,
      ...(call.compactParams !== undefined ? { compactParams: call.compactParams } : {}),
      reason: question.reason,
      ...(alwaysRule !== undefined ? { alwaysRule } : {}),
      signal: call.signal,
    });
    // "Don't ask again" saves the rule the question offered; with none offered it is no answer
    // (taking it as "allow for this session" would allow the whole tool).
    if (answer.decision === 'allowAlways' && alwaysRule === undefined)
      return {
        allowed: false,
        byUser: false,
        reason: `${tool.name} was not run: the answer "don't ask again" was refused, because the question offered no rule to save. Call it again if it is still needed; the user can allow it once or for this session.`,
      };
    if (answer.decision === 'allowAlways' && alwaysRule !== undefined && this.alwaysAllow)
      await this.alwaysAllow(alwaysRule);
    else if (
      answer.decision === 'allowSession' ||
      (answer.decision === 'allow' && question.once === true)
    )
      this.allowForSession(tool.name, question);
    if (answer.decision === 'deny') {
      const said = answer.reason?.trim();
      return {
        allowed: false,
        byUser: true,
        reason: said ? `The user denied this call: ${said}` : 'The user denied this call.',
      };
    }
    return answer.decision === 'allow' && answer.updatedInput !== undefined
      ? { allowed: true, updatedInput: answer.updatedInput }
      : { allowed: true };
  }

  /**
   * What the read-only list says of a command (read-only/): not asked for a command an allow
   * rule already allows, nor for a tool that runs none.
   */
  private async readOnly(
    call: PermissionCheck,
    verdict: RuleVerdict,
  ): Promise<ReadOnlyVerdict | undefined> {
    const command = commandOf(call);
    if (
      !call.tool.runsCommands ||
      command === undefined ||
      verdict.behavior === 'allow' ||
      call.untrustedSource === true
    )
      return undefined;
    return readOnlyVerdict(command, {
      workdir: this.workdir,
      boundary: this.boundary,
      ...(this.rules ? { rules: this.rules } : {}),
    });
  }

  /** Why a call that would ask in the default mode did not (undefined: it never asks). */
  private unaskedReason(
    tool: ToolDefinition<unknown>,
    verdict: RuleVerdict,
    sandboxed: boolean,
    question: Question | undefined,
  ): UnaskedReason | undefined {
    if (tool.permission === 'read-only') return undefined;
    if (question !== undefined) {
      if (this.alwaysAllowed.has(tool.name)) return { kind: 'allowed-tools' };
      if (
        this.allowedThisSession.has(tool.name) ||
        (question.host !== undefined &&
          this.allowedThisSession.has(hostKey(tool.name, question.host)))
      )
        return { kind: 'session' };
      return { kind: 'hook' };
    }
    if (verdict.behavior === 'allow' && verdict.rule)
      return { kind: 'rule', rule: verdict.rule.text, source: verdict.rule.file };
    if (sandboxed) return { kind: 'sandbox' };
    if (tool.permission === 'edit' && this.mode === 'acceptEdits')
      return { kind: 'mode', mode: 'acceptEdits' };
    return undefined;
  }

  /** A folder the user added for this session (/add-dir): tools work there as in the work folder. */
  addWorkFolder(realPath: string): void {
    this.boundary.addDirectory(realPath);
  }

  /** Whether the sandbox is on but cannot run here. */
  private async sandboxCannotRun(): Promise<boolean> {
    if (this.sandbox === undefined || !this.sandbox.enabled) return false;
    await this.sandbox.ready();
    return this.sandbox.enabled && this.sandbox.status.state !== 'on';
  }

  /**
   * Whether an allow rule names exactly this host for this tool: it may then be read on a
   * loopback or private address (the user's own service). Nothing else lets such an address be
   * read, in any mode.
   */
  ruleNamesHost(tool: ToolDefinition<unknown>, host: string): boolean {
    return this.rules?.namesHost(tool, host) ?? false;
  }

  /** Whether a deny rule for Read covers this real path (for what reads files outside a tool). */
  deniesReading(realPath: string): boolean {
    return this.rules?.deniesReading(realPath) ?? false;
  }

  /**
   * What the rules say of each file an allowed call of a tool that finds files will find: deny
   * rules always; ask rules too (their files' content is not searched unasked), unless the mode
   * skips questions or the call itself was just asked about because of an ask rule.
   */
  async fileRules(call: Pick<PermissionCheck, 'tool' | 'input'>): Promise<FileRules | undefined> {
    if (!this.rules || !call.tool.findsFiles) return undefined;
    const asked =
      this.mode === 'bypassPermissions' || (await this.rules.decide(call)).behavior === 'ask';
    return this.rules.fileRules(call.tool, asked ? ['deny'] : ['deny', 'ask']);
  }

  /**
   * The spawn wrapper for an allowed call of a tool that runs commands: in the sandbox (with
   * the offer to run once outside after a sandbox denial), or outside when the user agreed.
   */
  async launcherFor(call: PermissionCheck, outcome: PermissionOutcome): Promise<CommandLauncher> {
    if (this.sandbox === undefined) return UNSANDBOXED;
    const ask = this.asker;
    return this.sandbox.launcher({
      outside: outcome.allowed && outcome.outsideSandbox === true,
      ...(ask
        ? {
            askToRunOutside: async (reason: string) => {
              const answer = await ask({
                ...this.requestOf(call),
                reason: `The command failed in the sandbox: ${reason}. Run it once outside the sandbox?`,
              });
              return answer.decision !== 'deny';
            },
          }
        : {}),
    });
  }

  /**
   * The spawn wrapper for a command the user typed (`!`): theirs to run, so only a sandbox that
   * cannot run here asks (whether to run it outside); a string says why it was not run.
   */
  async launcherForUserCommand(
    id: string,
    command: string,
    signal: AbortSignal,
  ): Promise<CommandLauncher | string> {
    if (this.sandbox === undefined) return UNSANDBOXED;
    const request = {
      toolName: 'Bash',
      toolCallId: id,
      permission: 'execute' as const,
      input: { command },
      signal,
    };
    const verdict = await sandboxVerdict(this.sandbox, request, this.asker);
    if (verdict.kind === 'refused') return verdict.reason;
    return this.sandbox.launcher({ outside: verdict.kind === 'outside' });
  }

  private requestOf(call: PermissionCheck) {
    return {
      toolName: call.tool.name,
      toolCallId: call.toolCallId,
      permission: call.tool.permission,
      input: call.input,
      ...(call.compactParams !== undefined ? { compactParams: call.compactParams } : {}),
      signal: call.signal,
    };
  }

  /** Read-only tools may read this folder (its real path) without asking, for the session. */
  allowReadingFolder(folder: string): void {
    this.readableFolders.add(folder);
  }

  private isInReadableFolder(path: string): boolean {
    for (const folder of this.readableFolders)
      if (path === folder || path.startsWith(`${folder}${sep}`)) return true;
    return false;
  }

  /** Adds these allow rules until the returned function is called (the command's turn ends). */
  allowDuringTurn(rules: readonly TurnRule[]): () => void {
    const added: PermissionRule[] = rules.map((rule) => ({
      behavior: 'allow',
      text: rule.text,
      tool: rule.tool,
      ...(rule.specifier !== undefined ? { specifier: rule.specifier } : {}),
      file: rule.source,
      kind: rule.kind,
      baseDir: this.workdir,
      where: rule.source,
    }));
    if (added.length > 0) this.rules ??= new PermissionRules([], this.workdir);
    for (const rule of added) this.rules?.add(rule);
    return () => {
      const ours = new Set(added);
      this.rules?.remove((rule) => ours.has(rule));
    };
  }

  /** "Allow for this session" allows what was asked: the tool, or these outside paths. */
  private allowForSession(toolName: string, question: Question): void {
    if (question.host !== undefined) {
      this.allowedThisSession.add(hostKey(toolName, question.host));
      return;
    }
    if (question.standing) {
      this.allowedThisSession.add(toolName);
      return;
    }
    const allowed = this.outsideAllowed.get(toolName) ?? new Set<string>();
    for (const path of question.outside) allowed.add(path);
    this.outsideAllowed.set(toolName, allowed);
  }
}
