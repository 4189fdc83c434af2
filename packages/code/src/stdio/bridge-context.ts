// What a method handler may use: the open sessions, a way to open one, the notification
// channel, the log, and the defaults of this bridge process.
import type { Logger } from '@wave-agent/agent-sdk';
import type { NotificationSender } from './notification-sender.js';
import type { SessionOpener } from './open-session.js';
import type { SessionRegistry } from './session-registry.js';

export interface BridgeContext {
  readonly sessions: SessionRegistry;
  readonly openSession: SessionOpener;
  readonly notifications: NotificationSender;
  readonly logger: Logger;
  /** listSessions without a workdir lists this one (where wave --stdio was started). */
  readonly workdir: string;
  readonly waveHome: string;
}
