// One line that says what a hook run did, the same in every UI (terminal, chat UI, ACP):
// "PreToolUse hook ./check.sh: blocked — no rm -rf". Each UI styles it its own way.
import type { HookRun } from '../messages.js';

const SAID: Readonly<Record<NonNullable<HookRun['outcome']>, string>> = {
  ok: 'ran',
  blocked: 'blocked',
  failed: 'failed',
  timeout: 'timed out',
  aborted: 'stopped',
};

function shortCommand(command: string, max = 60): string {
  const line = command.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

export function hookRunSummary(run: HookRun): string {
  const head = `${run.event} hook ${shortCommand(run.command)}`;
  if (run.stage === 'running' || run.outcome === undefined) return `${head}: running…`;
  const said = run.outcome === 'ok' && run.message === undefined ? '' : (run.message ?? '');
  return `${head}: ${SAID[run.outcome]}${said ? ` — ${said}` : ''}`;
}
