// The /btw overlay's own small state. The SDK hands the answer over as deltas, so each chunk is
// APPENDED to what arrived before (spec 2026-10-27, APPEND_BTW_ANSWER): replacing by the latest
// chunk would show only the last piece. Pure functions; a chunk for another question is ignored.

export type SideAnswerStatus = 'answering' | 'done' | 'failed';

export interface SideAnswer {
  /** Which /btw this is: a late chunk of a dismissed question must not land in a new one. */
  readonly id: number;
  readonly question: string;
  readonly answer: string;
  readonly status: SideAnswerStatus;
  /** Why it failed, as a sentence. */
  readonly error?: string;
}

export function sideQuestionAsked(id: number, question: string): SideAnswer {
  return { id, question, answer: '', status: 'answering' };
}

export function withAnswerChunk(
  state: SideAnswer | undefined,
  id: number,
  chunk: string,
): SideAnswer | undefined {
  if (state?.id !== id || state.status !== 'answering' || chunk === '') return state;
  return { ...state, answer: state.answer + chunk };
}

export function withAnswerDone(state: SideAnswer | undefined, id: number): SideAnswer | undefined {
  if (state?.id !== id || state.status !== 'answering') return state;
  return { ...state, status: 'done' };
}

export function withAnswerFailed(
  state: SideAnswer | undefined,
  id: number,
  error: string,
): SideAnswer | undefined {
  if (state?.id !== id || state.status !== 'answering') return state;
  return { ...state, status: 'failed', error };
}
