// The MCP servers' processes, so that none outlives its connection or Wave. The SDK's own close
// (stdin closed, then SIGTERM, then SIGKILL) is not always awaited to the end (an aborted start
// lets it finish in the background), so a closed connection makes sure here; and when Wave's
// process exits (even by process.exit, with no time left), each one still known is killed.
const children = new Set<number>();
let hooked = false;
const GRACE_MS = 2000;

function killAll(): void {
  for (const pid of children) signal(pid, 'SIGKILL');
  children.clear();
}

/** Sends a signal; false when there is no such process (any more). */
function signal(pid: number, name: NodeJS.Signals | 0): boolean {
  try {
    process.kill(pid, name);
    return true;
  } catch {
    return false;
  }
}

export function rememberChild(pid: number): void {
  children.add(pid);
  if (!hooked) {
    hooked = true;
    process.once('exit', killAll);
  }
}

/** Stops the process if it still runs: SIGTERM, then SIGKILL after a grace; resolves when gone. */
export async function stopChild(pid: number | null): Promise<void> {
  if (pid === null) return;
  if (signal(pid, 'SIGTERM')) {
    const until = Date.now() + GRACE_MS;
    while (signal(pid, 0) && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (signal(pid, 0)) signal(pid, 'SIGKILL');
  }
  children.delete(pid);
}
