// The MCP servers' processes still running, so that none outlives Wave: when the process exits
// (even by process.exit, with no time left for the SDK's gentle close), each is killed. The
// SDK's own close (stdin closed, then SIGTERM, then SIGKILL) is the normal way; this is the net.
const children = new Set<number>();
let hooked = false;

function killAll(): void {
  for (const pid of children) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone: nothing to do.
    }
  }
  children.clear();
}

export function rememberChild(pid: number): void {
  children.add(pid);
  if (!hooked) {
    hooked = true;
    process.once('exit', killAll);
  }
}

export function forgetChild(pid: number | null): void {
  if (pid !== null) children.delete(pid);
}
