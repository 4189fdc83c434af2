// Reads a response the way a wire-level test needs it: every network read kept apart, and the
// SSE events parsed from the whole, so tests can check exact framing and read boundaries.

export interface SseEvent {
  event: string | undefined;
  data: string;
}

export interface RawResponse {
  status: number;
  headers: Headers;
  /** Each read from the body stream, as the client received it. */
  reads: Uint8Array[];
  text: string;
}

export async function postRaw(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const reads: Uint8Array[] = [];
  const reader = response.body?.getReader();
  // Bounded by the server: every response it sends ends (or close() ends it).
  for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
    const bytes: unknown = read.value;
    if (!(bytes instanceof Uint8Array)) throw new Error('expected the body to be bytes');
    reads.push(bytes);
  }
  return {
    status: response.status,
    headers: response.headers,
    reads,
    text: Buffer.concat(reads).toString('utf8'),
  };
}

export function parseSse(text: string): SseEvent[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      let event: string | undefined;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) event = line.slice('event: '.length);
        else if (line.startsWith('data: ')) data.push(line.slice('data: '.length));
      }
      return { event, data: data.join('\n') };
    });
}
