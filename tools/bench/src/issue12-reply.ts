// The reply issue 12 measures every client with: 200 reasoning chunks, then 2,000 content chunks
// of 24 characters (a 48 KB reply in paragraphs of 240 characters), 2 ms apart; and a reply of
// one chunk for the start-up row. Served by one mock-llm for the whole run: turns are chosen by
// the prompt, so any number of clients can ask in turn.
import type { Scenario } from '@wave-agent/mock-llm';

export const CHUNK_CHARS = 24;
export const CONTENT_CHUNKS = 2000;
export const REASONING_CHUNKS = 200;
export const STREAM_PROMPT = 'stream the long reply';
export const ONE_CHUNK_PROMPT = 'one chunk only';
/** The last word of the long reply; a client has shown all of it once this is on screen. */
export const END_MARKER = 'THE-END';
export const ONE_CHUNK_REPLY = 'Hi.';

const SENTENCE = 'stream these words now. ';
const PARAGRAPH_END = 'end of paragraph here.\n\n';
/** Ten chunks: nine sentences and a paragraph end. */
const PARAGRAPH = SENTENCE.repeat(9) + PARAGRAPH_END;
const THOUGHT = 'consider the next step. ';

/** The characters of visible reply text (the "reply size" the terminal bytes are compared to). */
export const REPLY_CHARS = CONTENT_CHUNKS * CHUNK_CHARS + END_MARKER.length;

export const issue12Scenario: Scenario = {
  name: 'issue-12',
  chunkSize: CHUNK_CHARS,
  delayMs: 2,
  turns: [
    {
      match: { lastUserContains: STREAM_PROMPT },
      reply: [
        { type: 'reasoning', repeat: { pattern: THOUGHT, count: REASONING_CHUNKS } },
        {
          type: 'text',
          repeat: { pattern: PARAGRAPH, count: (CONTENT_CHUNKS * CHUNK_CHARS) / PARAGRAPH.length },
        },
        { type: 'text', text: END_MARKER },
      ],
    },
    {
      match: { lastUserContains: ONE_CHUNK_PROMPT },
      reply: [{ type: 'text', text: ONE_CHUNK_REPLY }],
    },
  ],
};
