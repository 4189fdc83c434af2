// @wave-agent/shared-protocol/node: the JSON-RPC peer's byte-stream framing (Content-Length
// frames), which needs Node's Buffer and streams: `wave --stdio` reads and writes it, and so does
// a host's child-process link to it. The main entry stays browser-safe.
export { FrameReader } from './rpc/framing/frame-reader.js';
export type { FrameListeners, FrameReaderOptions } from './rpc/framing/frame-reader.js';
export { frameWriter } from './rpc/framing/frame-writer.js';
export type { FrameOutput } from './rpc/framing/frame-writer.js';
export { FrameError } from './rpc/framing/json-frame-decoder.js';
export type { FrameId, JsonRpcMessage } from './rpc/framing/json-frame-decoder.js';
