// @wave-agent/client: the host side of Wave's protocol. Browser-safe: nothing here needs Node
// (the child-process transport is in @wave-agent/client/node).
export { WaveClient } from './wave-client.js';
export type { WaveClientOptions } from './wave-client.js';
export { SessionHandle } from './session-handle.js';
export type { BatchOutcome } from './session-store.js';
export type { ServerRequestHandler, Transport, TransportStatus } from './transport.js';
export { inProcessTransport } from './transports/in-process.js';
export type { InProcessServer } from './transports/in-process.js';
export {
  messagePortTransport,
  portChannel,
  portLink,
  RELAY_STATUS,
} from './transports/message-port.js';
export type { PortLike } from './transports/message-port.js';
export { transportOverLink } from './transports/message-link.js';
export {
  answeringTrust,
  TRUST_CHOICES,
  trustAnswer,
  trustQuestionWords,
} from './trust-question.js';
export type { TrustChoice } from './trust-question.js';
export type { MessageLink } from './transports/message-link.js';
export { RpcError } from '@wave-agent/shared-protocol';
export type {
  AgentEvent,
  PermissionQuestion,
  SessionState,
  SessionStatus,
} from '@wave-agent/shared-protocol';
