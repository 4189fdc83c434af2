// A recorded stream (one event's JSON per line) framed as the endpoint it is served on frames
// its events: Anthropic Messages and OpenAI Responses name each event (`event: <type>`), Chat
// Completions sends bare `data:` lines and ends with `[DONE]`, Gemini bare `data:` lines alone.
import type { WireApi } from '../conversation/conversation-facts.js';

function eventType(line: string, lineNumber: number, file: string): string {
  try {
    const value: unknown = JSON.parse(line);
    if (typeof value === 'object' && value !== null && 'type' in value) {
      const { type } = value;
      if (typeof type === 'string') return type;
    }
  } catch {
    // Reported below, with the line.
  }
  throw new Error(
    `mock-llm: line ${lineNumber} of ${file} is not a JSON event with a "type"; a recorded stream holds one event per line.`,
  );
}

/** The stream's frames, one SSE event each. */
export function recordedFrames(api: WireApi, text: string, file: string): string[] {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  if (api === 'openai') return [...lines.map((line) => `data: ${line}\n\n`), 'data: [DONE]\n\n'];
  if (api === 'gemini') return lines.map((line) => `data: ${line}\r\n\r\n`);
  return lines.map(
    (line, index) => `event: ${eventType(line, index + 1, file)}\ndata: ${line}\n\n`,
  );
}
