// Writes JSON-RPC messages to a byte stream in Content-Length frames (the framing FrameReader
// reads, and vscode-jsonrpc's StreamMessageWriter writes): `Content-Length: <bytes of UTF-8>`,
// a blank line, the JSON. One write per message, in the order they are sent, so an answer goes
// out behind every notification sent before it (ARCHITECTURE §2.4).

/** Where frames go: a child's stdin, the bridge's stdout. */
export interface FrameOutput {
  write(chunk: string): unknown;
}

/** The function that frames and writes one message. */
export function frameWriter(output: FrameOutput): (message: object) => void {
  return (message) => {
    const json = JSON.stringify(message);
    output.write(`Content-Length: ${Buffer.byteLength(json, 'utf8')}\r\n\r\n${json}`);
  };
}
