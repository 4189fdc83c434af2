// Text that grows by chunks, kept compact. V8 keeps `text + chunk` as a rope: a 32-byte node
// pointing at both pieces, so a reply streamed in 8-character chunks holds a node and a string
// per chunk, six times its text, in every state that holds it (the agent's, each client's), and
// for as long as the session is open (issue 9 §7). Reading a character of a rope makes V8 join
// it into one string; the nodes and chunks are then garbage. Text is joined whenever its length
// passes the next step of a ladder (each step a quarter longer than the one before, from 64 KiB),
// so joining copies about five times the text over a whole stream and at most the last fifth is
// ever a rope; and once more when its block ends. Values are unchanged: a string is a string.

const FIRST_STEP = 64 * 1024;
const STEP_GROWTH = Math.log(1.25);

/** The ladder step a length is on: -1 below the first. */
function stepOf(length: number): number {
  return length < FIRST_STEP ? -1 : Math.floor(Math.log(length / FIRST_STEP) / STEP_GROWTH);
}

/** Makes V8 join `text` into one string, if it is a rope. */
function join(text: string): string {
  if (text.length > 0) text.charCodeAt(0);
  return text;
}

/** `text + chunk`, joined into one string when it passes a step of the ladder. */
export function grown(text: string, chunk: string): string {
  const longer = text + chunk;
  return stepOf(longer.length) > stepOf(text.length) ? join(longer) : longer;
}

/** `text` as one string (for a block that has ended: it grows no more). */
export function compacted(text: string): string {
  return join(text);
}
