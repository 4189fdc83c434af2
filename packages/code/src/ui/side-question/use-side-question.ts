// /btw: asks the agent a side question and keeps the streamed answer in the overlay's own
// state. Each chunk is appended inside a state updater (never replaced by the latest). The
// conversation is not touched; it may be streaming at the same time.

import { useCallback, useEffect, useRef, useState } from 'react';
import type { UiAgent } from '../agent-port.js';
import type { SideAnswer } from './side-answer.js';
import {
  sideQuestionAsked,
  withAnswerChunk,
  withAnswerDone,
  withAnswerFailed,
} from './side-answer.js';

export interface SideQuestion {
  readonly overlay: SideAnswer | undefined;
  readonly ask: (question: string) => void;
  /** Closes the overlay; stops the answer if it is still coming. */
  readonly dismiss: () => void;
}

function failureSentence(error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `The side question could not be answered: ${reason} Ask again with /btw, or close this with Esc.`;
}

export function useSideQuestion(agent: UiAgent): SideQuestion {
  const [overlay, setOverlay] = useState<SideAnswer | undefined>(undefined);
  const asked = useRef(0);
  const controller = useRef<AbortController | undefined>(undefined);

  const stop = useCallback(() => {
    controller.current?.abort();
    controller.current = undefined;
  }, []);

  const ask = useCallback(
    (question: string) => {
      stop();
      asked.current += 1;
      const id = asked.current;
      const abort = new AbortController();
      controller.current = abort;
      setOverlay(sideQuestionAsked(id, question));
      void agent
        .askBtw(
          question,
          (chunk) => setOverlay((previous) => withAnswerChunk(previous, id, chunk)),
          abort.signal,
        )
        .then(
          () => setOverlay((previous) => withAnswerDone(previous, id)),
          (error: unknown) => {
            if (abort.signal.aborted) return; // Dismissed: nobody is waiting for it.
            setOverlay((previous) => withAnswerFailed(previous, id, failureSentence(error)));
          },
        );
    },
    [agent, stop],
  );

  const dismiss = useCallback(() => {
    stop();
    setOverlay(undefined);
  }, [stop]);

  useEffect(() => stop, [stop]);
  return { overlay, ask, dismiss };
}
