import { describe, expect, it } from 'vitest';
import {
  sideQuestionAsked,
  withAnswerChunk,
  withAnswerDone,
  withAnswerFailed,
} from './side-answer.js';

describe('the /btw answer state', () => {
  it('appends each delta, never replaces it by the latest', () => {
    let state = withAnswerChunk(sideQuestionAsked(1, 'q'), 1, 'Hello');
    state = withAnswerChunk(state, 1, ', ');
    state = withAnswerChunk(state, 1, 'world');
    expect(state?.answer).toBe('Hello, world');
  });

  it('ignores a chunk of another question, or after the end', () => {
    const asked = sideQuestionAsked(2, 'q');
    expect(withAnswerChunk(asked, 1, 'stale')).toBe(asked);
    const done = withAnswerDone(withAnswerChunk(asked, 2, 'a'), 2);
    expect(withAnswerChunk(done, 2, 'late')).toBe(done);
    expect(withAnswerFailed(done, 2, 'x')).toBe(done);
    expect(withAnswerChunk(undefined, 2, 'x')).toBeUndefined();
  });

  it('keeps what arrived when it fails', () => {
    const failed = withAnswerFailed(
      withAnswerChunk(sideQuestionAsked(3, 'q'), 3, 'part'),
      3,
      'Why.',
    );
    expect(failed).toEqual({
      id: 3,
      question: 'q',
      answer: 'part',
      status: 'failed',
      error: 'Why.',
    });
  });
});
