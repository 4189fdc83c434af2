// Hooks that are a host's function instead of a command: an app of the Claude Agent SDK registers
// callbacks (its `hooks` option) that wave-claude asks over its protocol. They sit in the same
// list as the settings' commands (one matcher, one dispatcher, the same events and the same
// reading of the answer, hook-output.ts); only how one runs differs: the callback gets the
// event's input as an object and answers with the JSON a command would print, bounded by its
// timeout and ended by the turn's abort.
import { errorText } from '@wave-agent/shared-protocol';
import { DEFAULT_HOOK_TIMEOUT_SECONDS } from './hook-config.js';
import type { ConfiguredHook, HookConfig } from './hook-config.js';
import { HOOK_EVENTS, isHookEventName } from './hook-events.js';
import type { HookEventName } from './hook-events.js';
import { compileMatcher } from './hook-matcher.js';
import { readHookAnswer } from './hook-output.js';
import type { HookVerdict } from './hook-output.js';

/** Asks the host's callback; resolves with its answer (Claude Code's hook JSON output). */
export type HookCallback = (
  input: Readonly<Record<string, unknown>>,
  signal: AbortSignal,
) => Promise<unknown>;

/** One callback to run at one event, as a host registers it. */
export interface HookCallbackEntry {
  /** A hook event's name, in Claude Code's spelling. */
  readonly event: string;
  readonly matcher?: string;
  readonly timeoutSeconds?: number;
  /** How the run is shown (in place of a command line), e.g. "hook_0 (the app's callback)". */
  readonly name: string;
  /** Where it comes from, as the user should read it. */
  readonly source: string;
  readonly run: HookCallback;
}

/** The callbacks as configured hooks, with a sentence for each one skipped. */
export function readHookCallbacks(entries: readonly HookCallbackEntry[]): HookConfig {
  const hooks: ConfiguredHook[] = [];
  const problems: string[] = [];
  for (const entry of entries) {
    if (!isHookEventName(entry.event)) {
      problems.push(
        `The hook ${entry.name} of ${entry.source} is for "${entry.event}", an event Wave does not have, so it never runs. Wave's events are: ${HOOK_EVENTS.join(', ')}.`,
      );
      continue;
    }
    const matcher = entry.matcher ?? '';
    const matches = compileMatcher(matcher);
    if ('problem' in matches) {
      problems.push(
        `The hook ${entry.name} of ${entry.source} is skipped: its matcher "${matcher}" is not a valid regular expression (${matches.problem}).`,
      );
      continue;
    }
    hooks.push({
      event: entry.event,
      matcher,
      matches,
      command: entry.name,
      timeoutMs: (entry.timeoutSeconds ?? DEFAULT_HOOK_TIMEOUT_SECONDS) * 1000,
      source: entry.source,
      callback: entry.run,
    });
  }
  return { hooks, problems };
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

const ENDED = Symbol('ended');

/** Runs one callback hook: its answer read as a command's JSON output is. */
export async function runHookCallback(
  event: HookEventName,
  callback: HookCallback,
  input: Readonly<Record<string, unknown>>,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<HookVerdict> {
  if (signal.aborted) return { outcome: 'aborted', message: 'Stopped by the abort.', output: '' };
  // Ended by the turn's abort or the timeout: the host is told to stop asking (its signal).
  const ending = new AbortController();
  let why: 'timeout' | 'aborted' | undefined;
  const end = (reason: 'timeout' | 'aborted'): void => {
    why ??= reason;
    ending.abort();
  };
  const onAbort = (): void => end('aborted');
  signal.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => end('timeout'), timeoutMs);
  const ended = new Promise<typeof ENDED>((resolve) =>
    ending.signal.addEventListener('abort', () => resolve(ENDED), { once: true }),
  );
  try {
    const answer = await Promise.race([callback(input, ending.signal), ended]);
    if (answer !== ENDED) return readHookAnswer(event, answer);
  } catch (error) {
    if (why === undefined)
      return {
        outcome: 'failed',
        message: `The hook failed (${errorText(error)}); the work goes on.`,
        output: '',
      };
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
  }
  return why === 'timeout'
    ? {
        outcome: 'timeout',
        message: `Timed out after ${seconds(timeoutMs)}: Wave stopped waiting for it; the work goes on.`,
        output: '',
      }
    : { outcome: 'aborted', message: 'Stopped by the abort.', output: '' };
}
