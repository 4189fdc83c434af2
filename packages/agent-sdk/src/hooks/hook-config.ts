// The `hooks` value of a settings file, in Claude Code's shape:
//   { "PreToolUse": [ { "matcher": "Bash", "hooks": [ { "type": "command", "command": "…", "timeout": 60 } ] } ] }
// Each file's value is checked on its own and entry by entry: a bad entry is a sentence naming
// the file and what is wrong, and the rest still loads. Which files are read (and whether a
// project's are, which needs the folder's trust) is the caller's decision.
import { z } from 'zod';
import { isRecord } from '@wave-agent/shared-protocol';
import { HOOK_EVENTS, isHookEventName } from './hook-events.js';
import type { HookEventName } from './hook-events.js';
import { compileMatcher } from './hook-matcher.js';
import type { Matcher } from './hook-matcher.js';
import type { HookCallback } from './hook-callbacks.js';

/** One settings file's `hooks` value, as read (not yet checked): a SettingsSection fits. */
export interface HookSettingsSource {
  /** The settings file, as the user should read it in a message. */
  readonly file: string;
  readonly value: unknown;
  /** Variables set for these hooks only (a plugin's CLAUDE_PLUGIN_ROOT and CLAUDE_PLUGIN_DATA). */
  readonly env?: Readonly<Record<string, string>>;
}

export const DEFAULT_HOOK_TIMEOUT_SECONDS = 60;

/** One command to run at one event, checked. */
export interface ConfiguredHook {
  readonly event: HookEventName;
  /** As written; empty when the entry has none. */
  readonly matcher: string;
  readonly matches: Matcher;
  readonly command: string;
  readonly timeoutMs: number;
  /** The settings file it comes from. */
  readonly source: string;
  /** Variables set for this hook only (its plugin's). */
  readonly env?: Readonly<Record<string, string>>;
  /** A host's function run instead of `command` (which then only names it): hook-callbacks.ts. */
  readonly callback?: HookCallback;
}

export interface HookConfig {
  readonly hooks: readonly ConfiguredHook[];
  /** What was skipped and why, one sentence each. */
  readonly problems: readonly string[];
}

const CommandHookSchema = z.object({
  type: z.literal('command'),
  command: z.string().trim().min(1, 'is empty'),
  // Seconds, as in Claude Code; bounded so a typo cannot make a hook unkillable by time.
  timeout: z.number().positive().max(86_400).optional(),
});

const MatcherGroupSchema = z.object({
  matcher: z.string().optional(),
  hooks: z.array(z.unknown()),
});

function describe(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.map(String).join('.') || 'the entry'} ${issue.message}`)
    .join('; ');
}

/** The hooks of every file, in file order, with a sentence for each thing skipped. */
export function readHookConfig(sources: readonly HookSettingsSource[]): HookConfig {
  const hooks: ConfiguredHook[] = [];
  const problems: string[] = [];
  for (const { file, value, env } of sources) {
    if (value === undefined) continue;
    if (!isRecord(value)) {
      problems.push(
        `"hooks" in ${file} is not an object of events, so its hooks are skipped. Write it as {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "…"}]}]}.`,
      );
      continue;
    }
    for (const [event, groups] of Object.entries(value)) {
      if (!isHookEventName(event)) {
        problems.push(
          `"hooks.${event}" in ${file} is not a hook event Wave knows, so it is skipped. The events are: ${HOOK_EVENTS.join(', ')}.`,
        );
        continue;
      }
      if (!Array.isArray(groups)) {
        problems.push(`"hooks.${event}" in ${file} is not a list, so it is skipped.`);
        continue;
      }
      groups.forEach((group: unknown, groupIndex) => {
        const where = `"hooks.${event}[${groupIndex}]" in ${file}`;
        const parsed = MatcherGroupSchema.safeParse(group);
        if (!parsed.success) {
          problems.push(`${where} is skipped: ${describe(parsed.error)}.`);
          return;
        }
        const matcher = parsed.data.matcher ?? '';
        const matches = compileMatcher(matcher);
        if ('problem' in matches) {
          problems.push(
            `${where} is skipped: its matcher "${matcher}" is not a valid regular expression (${matches.problem}).`,
          );
          return;
        }
        parsed.data.hooks.forEach((entry: unknown, hookIndex) => {
          const hook = CommandHookSchema.safeParse(entry);
          if (!hook.success) {
            const type = isRecord(entry) ? entry['type'] : undefined;
            problems.push(
              typeof type === 'string' && type !== 'command'
                ? `${where}.hooks[${hookIndex}] is skipped: Wave runs hooks of type "command" only, not "${type}".`
                : `${where}.hooks[${hookIndex}] is skipped: ${describe(hook.error)}.`,
            );
            return;
          }
          hooks.push({
            event,
            matcher,
            matches,
            command: hook.data.command,
            timeoutMs: (hook.data.timeout ?? DEFAULT_HOOK_TIMEOUT_SECONDS) * 1000,
            source: file,
            ...(env !== undefined ? { env } : {}),
          });
        });
      });
    }
  }
  return { hooks, problems };
}
