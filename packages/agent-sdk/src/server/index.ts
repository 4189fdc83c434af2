// The transport-neutral protocol server (see wave-server.ts).
export { createWaveServer } from './wave-server.js';
export type { ServerConnection, WaveServer, WaveServerOptions } from './wave-server.js';
export type { ServerPeer } from './server-peer.js';
export { ProtocolError } from './protocol-error.js';
