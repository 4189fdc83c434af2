// What /sandbox shows in every host (terminal, chat UI): whether commands run in the sandbox,
// what it lets them reach, or why it cannot run and how to fix it. From the session state.
import type { SandboxStatus } from '../rpc/sandbox-status.js';

export interface SandboxSummary {
  /** One line: on, off, or cannot run. */
  readonly headline: string;
  /** What it lets commands reach, or the problem with its fix; one item a line. */
  readonly details: readonly string[];
}

const HOW_TO_TURN_ON =
  'Turn it on with --sandbox, or "sandbox": { "enabled": true } in settings.json.';

export function sandboxSummary(status: SandboxStatus | undefined): SandboxSummary {
  if (status?.state === 'off' && status.problem !== undefined) {
    return {
      headline:
        'The sandbox cannot run here, so commands run with all your permissions and ask first.',
      details: [status.problem],
    };
  }
  if (status === undefined || status.state === 'off') {
    return {
      headline: 'The sandbox is off: commands run with all your permissions.',
      details: [HOW_TO_TURN_ON],
    };
  }
  if (status.state === 'unavailable') {
    return {
      headline: status.runsOutside
        ? 'The sandbox is on but cannot run here; you agreed to run commands outside it for this session.'
        : 'The sandbox is on but cannot run here; each command asks before it runs outside it.',
      details: status.problem !== undefined ? [status.problem] : [],
    };
  }
  const writable = ['the work folder', status.tempFolder ?? "the session's temp folder"];
  return {
    headline: `Commands run in the sandbox (${status.program ?? 'starting'}).`,
    details: [
      `Write: ${[...writable, ...status.allowWrite].join(', ')}; everything else is read-only.`,
      `Read: everything but $WAVE_HOME, ~/.ssh, ~/.aws, ~/.config and other credentials${status.allowRead.length > 0 ? `, except ${status.allowRead.join(', ')}` : ''}.`,
      status.network ? 'Network: allowed ("network": true).' : 'Network: cut off.',
      'A command that fails because of the sandbox is offered to you to run once outside it.',
    ],
  };
}
