// Splits text into deltas of `size` characters without ever cutting a surrogate pair in two,
// as real APIs never split inside a code point. Linear: one slice per chunk.

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

export function* chunkText(text: string, size: number): Generator<string> {
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + size, text.length);
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end += 1;
    yield text.slice(start, end);
    start = end;
  }
}
