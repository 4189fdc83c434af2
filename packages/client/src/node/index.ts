// @wave-agent/client/node: the parts of the client that need Node — `wave --stdio` as a child
// process (and how a host starts it), and the host side of the message-port transport.
import { transportOverLink } from '../transports/message-link.js';
import type { Transport } from '../transport.js';
import { childProcessLink } from './child-process-link.js';
import type { ChildProcessOptions } from './child-process-link.js';

export { childProcessLink } from './child-process-link.js';
export type { ChildProcessLink, ChildProcessOptions } from './child-process-link.js';
export { relayPort } from './relay-port.js';
export { shareLink } from './shared-link.js';
export type { SharedLink, SharedPeerOptions } from './shared-link.js';
export { checkWaveProgram, waveStdioCommand } from './wave-stdio-command.js';
export type {
  WaveCommandChoice,
  WaveProgramProblem,
  WaveStdioCommand,
  WaveStdioCommandInputs,
} from './wave-stdio-command.js';

/** A transport that runs `wave --stdio` (restarted when it stops unexpectedly). */
export function childProcessTransport(options: ChildProcessOptions): Transport {
  return transportOverLink(childProcessLink(options));
}
