// A stream recorded from the real Anthropic API, one event's JSON per line (the AI SDK's
// `*.chunks.txt` fixtures), as the SSE events it was: `event: <type>` and its data, unchanged.
import { readFileSync } from 'node:fs';
import { sseEvent } from './anthropic-stream-frames.js';

export function recordedFrames(path: string): string[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, index) => {
      const event: unknown = JSON.parse(line);
      const type =
        typeof event === 'object' &&
        event !== null &&
        'type' in event &&
        typeof event.type === 'string'
          ? event.type
          : undefined;
      if (type === undefined) throw new Error(`${path}:${index + 1} is not an event with a type.`);
      return sseEvent(type, event);
    });
}
