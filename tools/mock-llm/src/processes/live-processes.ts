// For tests that check a command's processes end (a sandboxed background command when the agent
// stops or Wave is killed): which processes are alive now, read from /proc (Linux), and a bounded
// wait for a condition on them. Exported as `@wave-agent/mock-llm/processes`: the agent's tests and
// the terminal's e2e tests share it.
import { readdirSync, readFileSync } from 'node:fs';

/** Process ids of the `sleep` processes whose command line contains `marker`. */
export function sleepersWith(marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const commandLine = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (commandLine.startsWith('sleep ') && commandLine.includes(marker))
        found.push(Number(entry));
    } catch {
      // It ended while we looked.
    }
  }
  return found;
}

/** Checks every 50 ms until `check` holds or `ms` passed; whether it held. */
export async function waitUntil(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}
