// The transport-neutral protocol server (see wave-server.ts).
export { createWaveServer } from './wave-server.js';
export type { ServerConnection, WaveServer, WaveServerOptions } from './wave-server.js';
export type { ServerPeer } from './server-peer.js';
export { serveMessages, MESSAGE_WINDOW_MS } from './serve-messages.js';
export type { MessageEndpoint } from './serve-messages.js';
export { ProtocolError } from './protocol-error.js';
