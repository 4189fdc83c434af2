// The rules in force, and what they say about one tool call: deny, then ask, then allow; the
// first that matches decides, so a specific allow never beats a broader deny. A Bash command is
// decided part by part (command-parts.ts): any part a deny (or ask) rule matches denies (or asks)
// the whole; an allow needs every part allowed on its own, and a command whose shell logic the
// parser does not reduce to simple commands is never allowed by a rule. Deny and ask rules also
// match what a command runs through a wrapper (`sudo /bin/rm`, `bash -c 'rm x'`: command-parts.ts),
// and a command that hides its program from the parser (`$x y`, `eval "$x"`) is asked about
// whenever a Bash deny or ask rule is in force, since it could be the one denied. Paths are
// decided on real paths (links resolved), as the work-folder boundary is.
import { homedir } from 'node:os';
import type { FileRules, FileVerdict } from '../../tools/file-rules.js';
import type { ToolDefinition } from '../../tools/tool.js';
import { realPathOf } from '../../tools/real-path.js';
import { bashPatternMatches } from './bash-pattern.js';
import { domainMatches, domainNamesExactly } from './domain-pattern.js';
import { splitCommand } from './command-parts.js';
import type { CommandPart } from './command-parts.js';
import type { PermissionRule, RuleBehavior } from './permission-rule.js';
import { PathMatcher, pathPattern } from './path-pattern.js';
import { ruleCovers, ruleFamily, ruleRestricts, skillMatches } from './rule-family.js';

export interface RuleCall {
  readonly tool: Pick<ToolDefinition<unknown>, 'name' | 'permission' | 'paths' | 'webHost'>;
  readonly input: unknown;
}

export interface RuleVerdict {
  /** What the rules say; undefined when no rule speaks about this call. */
  readonly behavior?: RuleBehavior;
  /** The rule that decided (for an allowed compound command: the first part's). */
  readonly rule?: PermissionRule;
  /** For a Bash command rules allowed only in part: why it is still asked about. */
  readonly unmatched?: string;
  /**
   * With `behavior: 'ask'`: why the command could run what `rule` (a deny or ask rule) names
   * without a parser seeing it (`its program \`$x\` is decided at run time`).
   */
  readonly hidden?: string;
}

function stringField(input: unknown, field: string): string | undefined {
  if (typeof input !== 'object' || input === null || !(field in input)) return undefined;
  const value: unknown = Reflect.get(input, field);
  return typeof value === 'string' ? value : undefined;
}

/** What an allow rule must match for this part: a file redirection must be named by the rule. */
function allowMatches(specifier: string, part: CommandPart): boolean {
  if (!part.redirectsFiles) return bashPatternMatches(specifier, part.words);
  return /[<>]/.test(specifier) && bashPatternMatches(specifier, part.text);
}

/**
 * A deny or ask rule matches a part in any of its spellings, or anything it runs through a
 * wrapper (or the command line as a whole).
 */
function restrictMatches(specifier: string, part: CommandPart): boolean {
  return [part.words, part.bareWords, part.text, ...part.runs].some((text) =>
    bashPatternMatches(specifier, text),
  );
}

/** What a rule about reading a file covers (the Read tool's shape, for rules without a call). */
const READ = { name: 'Read', permission: 'read-only' } as const;

export class PermissionRules {
  private rules: PermissionRule[];
  private readonly matchers = new Map<PermissionRule, PathMatcher>();

  constructor(
    rules: readonly PermissionRule[],
    private readonly workdir: string,
    private readonly home: string = homedir(),
    /** Rules the files held that were left out, as sentences (for /permissions). */
    readonly problems: readonly string[] = [],
  ) {
    this.rules = [...rules];
  }

  get all(): readonly PermissionRule[] {
    return this.rules;
  }

  add(rule: PermissionRule): void {
    this.rules = [...this.rules, rule];
  }

  remove(predicate: (rule: PermissionRule) => boolean): PermissionRule[] {
    const removed = this.rules.filter(predicate);
    this.rules = this.rules.filter((rule) => !predicate(rule));
    return removed;
  }

  /** A bare deny (`Bash`, `mcp__server`) takes the tool out of the model's tool list. */
  removesTool(name: string): boolean {
    return this.rules.some(
      (rule) =>
        rule.behavior === 'deny' &&
        rule.specifier === undefined &&
        (rule.tool === name ||
          (rule.tool.startsWith('mcp__') && name.startsWith(`${rule.tool}__`))),
    );
  }

  private of(behavior: RuleBehavior, call: RuleCall): PermissionRule[] {
    const covers = behavior === 'allow' ? ruleCovers : ruleRestricts;
    return this.rules.filter((rule) => rule.behavior === behavior && covers(rule.tool, call.tool));
  }

  private matcher(rule: PermissionRule): PathMatcher {
    let matcher = this.matchers.get(rule);
    if (!matcher) {
      matcher = new PathMatcher(
        pathPattern(rule.specifier ?? '**', {
          workdir: this.workdir,
          baseDir: rule.baseDir,
          home: this.home,
        }),
      );
      this.matchers.set(rule, matcher);
    }
    return matcher;
  }

  /** The call's paths, real. */
  private async realPaths(call: RuleCall): Promise<string[]> {
    const paths = call.tool.paths?.(call.input, this.workdir) ?? [];
    return Promise.all(paths.map((path) => realPathOf(path)));
  }

  /** Whether a restricting (deny or ask) rule matches the call. */
  private async restricts(rule: PermissionRule, call: RuleCall): Promise<boolean> {
    if (rule.specifier === undefined) return true;
    switch (ruleFamily(rule.tool)) {
      case 'bash': {
        const command = stringField(call.input, 'command');
        if (command === undefined) return false;
        const { parts } = await splitCommand(command);
        return (
          bashPatternMatches(rule.specifier, command.trim()) ||
          parts.some((part) => restrictMatches(rule.specifier ?? '', part))
        );
      }
      case 'path': {
        const paths = await this.realPaths(call);
        const matches = await Promise.all(paths.map((path) => this.matcher(rule).matches(path)));
        return matches.some(Boolean);
      }
      case 'task':
        return stringField(call.input, 'subagent_type') === rule.specifier;
      case 'skill':
        return skillMatches(rule.specifier, stringField(call.input, 'skill'));
      case 'domain': {
        const host = call.tool.webHost?.(call.input);
        return host !== undefined && domainMatches(rule.specifier, host);
      }
      default:
        return false;
    }
  }

  /** Whether allow rules pass the call: every path, every part of a command. */
  private async allows(
    rules: readonly PermissionRule[],
    call: RuleCall,
  ): Promise<{ readonly rule?: PermissionRule; readonly unmatched?: string }> {
    const bare = rules.find((rule) => rule.specifier === undefined);
    if (bare) return { rule: bare };
    if (rules.length === 0) return {};
    if (call.tool.name === 'Bash') {
      const command = stringField(call.input, 'command');
      if (command === undefined) return {};
      const split = await splitCommand(command);
      const bashRules = rules.filter((rule) => ruleFamily(rule.tool) === 'bash');
      if (!split.understood)
        return bashRules.length > 0 ? { unmatched: `the command ${split.why ?? ''}` } : {};
      let first: PermissionRule | undefined;
      for (const part of split.parts) {
        const rule = bashRules.find((candidate) => allowMatches(candidate.specifier ?? '', part));
        if (!rule)
          return split.parts.length > 1 && first
            ? { unmatched: `no rule allows \`${part.text}\`` }
            : {};
        first ??= rule;
      }
      return first ? { rule: first } : {};
    }
    if (call.tool.webHost !== undefined) {
      const host = call.tool.webHost(call.input);
      const rule =
        host === undefined
          ? undefined
          : rules.find((candidate) => domainMatches(candidate.specifier ?? '', host));
      return rule ? { rule } : {};
    }
    if (call.tool.name === 'Agent') {
      const type = stringField(call.input, 'subagent_type');
      const rule = rules.find((candidate) => candidate.specifier === type);
      return rule ? { rule } : {};
    }
    if (call.tool.name === 'Skill') {
      const skill = stringField(call.input, 'skill');
      const rule = rules.find((candidate) => skillMatches(candidate.specifier ?? '', skill));
      return rule ? { rule } : {};
    }
    const paths = await this.realPaths(call);
    if (paths.length === 0) return {};
    for (const rule of rules.filter((candidate) => ruleFamily(candidate.tool) === 'path')) {
      const matches = await Promise.all(paths.map((path) => this.matcher(rule).matches(path)));
      if (matches.every(Boolean)) return { rule };
    }
    return {};
  }

  /** A Bash deny (else ask) rule in force, and why this command may hide what it names. */
  private async hiddenFrom(
    call: RuleCall,
  ): Promise<{ readonly rule: PermissionRule; readonly why: string } | undefined> {
    const rule = [...this.of('deny', call), ...this.of('ask', call)].find(
      (candidate) => candidate.specifier !== undefined && ruleFamily(candidate.tool) === 'bash',
    );
    const command = stringField(call.input, 'command');
    if (!rule || command === undefined) return undefined;
    const { parts } = await splitCommand(command);
    const hiding = parts.find((part) => part.hides !== undefined);
    return hiding?.hides !== undefined ? { rule, why: hiding.hides } : undefined;
  }

  /**
   * What the path rules of these behaviours say of each file a call of `tool` finds (Grep's
   * matches, Glob's and LS's entries); undefined when no such rule covers the tool. Deny first.
   */
  async fileRules(
    tool: RuleCall['tool'],
    behaviors: readonly FileVerdict[],
  ): Promise<FileRules | undefined> {
    const tests: { behavior: FileVerdict; matches: (realPath: string) => boolean }[] = [];
    for (const behavior of behaviors) {
      for (const rule of this.of(behavior, { tool, input: undefined })) {
        if (rule.specifier === undefined || ruleFamily(rule.tool) !== 'path') continue;
        tests.push({ behavior, matches: await this.matcher(rule).prepared() });
      }
    }
    if (tests.length === 0) return undefined;
    return { verdict: (realPath) => tests.find((test) => test.matches(realPath))?.behavior };
  }

  /**
   * Whether a deny rule for Read covers this real path, decided at once: for the memory loader,
   * which reads files synchronously and must not send a denied file's content either.
   */
  deniesReading(realPath: string): boolean {
    return this.of('deny', { tool: READ, input: undefined }).some(
      (rule) =>
        rule.specifier !== undefined &&
        ruleFamily(rule.tool) === 'path' &&
        this.matcher(rule).matchesSync(realPath),
    );
  }

  /** Whether a Bash allow rule allows this one part (a read-only command may join it). */
  allowsPart(part: CommandPart): boolean {
    return this.rules.some(
      (rule) =>
        rule.behavior === 'allow' &&
        ruleFamily(rule.tool) === 'bash' &&
        rule.specifier !== undefined &&
        allowMatches(rule.specifier, part),
    );
  }

  /**
   * A Read deny (else ask) rule that could cover a file under this real folder: for a command
   * that reads whole folders (`grep -r`, `git diff`), which Grep would filter file by file.
   */
  async readRuleUnder(realFolder: string): Promise<PermissionRule | undefined> {
    for (const behavior of ['deny', 'ask'] as const)
      for (const rule of this.of(behavior, { tool: READ, input: undefined }))
        if (
          rule.specifier !== undefined &&
          ruleFamily(rule.tool) === 'path' &&
          (await this.matcher(rule).mayMatchUnder(realFolder))
        )
          return rule;
    return undefined;
  }

  /**
   * Whether an allow rule for this tool names exactly this host: the user's word that Wave may
   * read it even on a loopback or private address (their own service).
   */
  namesHost(tool: RuleCall['tool'], host: string): boolean {
    return this.of('allow', { tool, input: undefined }).some(
      (rule) => rule.specifier !== undefined && domainNamesExactly(rule.specifier, host),
    );
  }

  async decide(call: RuleCall): Promise<RuleVerdict> {
    for (const rule of this.of('deny', call)) {
      if (await this.restricts(rule, call)) return { behavior: 'deny', rule };
    }
    const hidden = await this.hiddenFrom(call);
    if (hidden) return { behavior: 'ask', rule: hidden.rule, hidden: hidden.why };
    for (const rule of this.of('ask', call)) {
      if (await this.restricts(rule, call)) return { behavior: 'ask', rule };
    }
    const allowed = await this.allows(this.of('allow', call), call);
    if (allowed.rule) return { behavior: 'allow', rule: allowed.rule };
    return allowed.unmatched !== undefined ? { unmatched: allowed.unmatched } : {};
  }
}
