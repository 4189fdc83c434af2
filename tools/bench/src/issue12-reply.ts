// The reply issue 12 measures every client with: 200 reasoning chunks, then 2,000 content chunks
// of 24 characters (a 48 KB reply in paragraphs of 240 characters), 2 ms apart; a reply of one
// chunk for the start-up row; and the same long reply with no pause between chunks, for the
// transports of @wave-agent/client (how many events a second each carries). Served by one
// mock-llm for the whole run: turns are chosen by the prompt, so any number of clients can ask.
import type { Scenario } from '@wave-agent/mock-llm';

export const CHUNK_CHARS = 24;
export const CONTENT_CHUNKS = 2000;
export const REASONING_CHUNKS = 200;
export const STREAM_PROMPT = 'stream the long reply';
export const ONE_CHUNK_PROMPT = 'one chunk only';
export const AT_ONCE_PROMPT = 'no pauses please';
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

const PARAGRAPHS = (CONTENT_CHUNKS * CHUNK_CHARS) / PARAGRAPH.length;
const LONG_REPLY: Scenario['turns'][number]['reply'] = [
  { type: 'reasoning', repeat: { pattern: THOUGHT, count: REASONING_CHUNKS } },
  { type: 'text', repeat: { pattern: PARAGRAPH, count: PARAGRAPHS } },
  { type: 'text', text: END_MARKER },
];

/** The long reply's text as a client must show it. */
export const LONG_REPLY_TEXT = PARAGRAPH.repeat(PARAGRAPHS) + END_MARKER;

/**
 * What the screen must hold after the long reply, each exactly this many times: every sentence
 * of the reply (they repeat, so they are counted) and its last word.
 */
export const SHOWN_EXACTLY: Readonly<Record<string, number>> = {
  'stream these words now.': 9 * PARAGRAPHS,
  'end of paragraph here.': PARAGRAPHS,
  [END_MARKER]: 1,
};
/** What the screen may hold at most this many times: the reasoning (the UI may fold it). */
export const SHOWN_AT_MOST: Readonly<Record<string, number>> = {
  'consider the next step.': REASONING_CHUNKS,
};

export const issue12Scenario: Scenario = {
  name: 'issue-12',
  chunkSize: CHUNK_CHARS,
  delayMs: 2,
  turns: [
    { match: { lastUserContains: STREAM_PROMPT }, reply: LONG_REPLY },
    { match: { lastUserContains: AT_ONCE_PROMPT }, delayMs: 0, reply: LONG_REPLY },
    {
      match: { lastUserContains: ONE_CHUNK_PROMPT },
      reply: [{ type: 'text', text: ONE_CHUNK_REPLY }],
    },
  ],
};
