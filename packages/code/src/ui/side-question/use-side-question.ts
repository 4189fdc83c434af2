// /btw: the side question lives in the session state (btwStarted, btwUpdated deltas appended by
// the one reducer, btwEnded), so this hook only asks, and decides whether the box is up: the
// answer to the question asked here, until it is put away (Esc stops it if it is still coming).

import { useCallback, useState } from 'react';
import type { SessionHandle } from '@wave-agent/client';
import type { SideQuestion } from '@wave-agent/shared-protocol';
import { errorText } from '@wave-agent/shared-protocol';

export interface SideQuestionBox {
  readonly overlay: SideQuestion | undefined;
  readonly ask: (question: string) => void;
  /** Closes the box; stops the answer if it is still coming. */
  readonly dismiss: () => void;
}

export function useSideQuestion(
  session: SessionHandle,
  btw: SideQuestion | undefined,
  onError: (message: string) => void,
): SideQuestionBox {
  const [dismissed, setDismissed] = useState<string | undefined>(undefined);
  const overlay = btw !== undefined && btw.btwId !== dismissed ? btw : undefined;

  const ask = useCallback(
    (question: string) => {
      setDismissed(undefined);
      session
        .askBtw(question)
        .catch((error: unknown) =>
          onError(`The side question could not be asked: ${errorText(error)}`),
        );
    },
    [onError, session],
  );

  const dismiss = useCallback(() => {
    if (!btw) return;
    setDismissed(btw.btwId);
    session
      .closeBtw(btw.btwId)
      .catch((error: unknown) =>
        onError(`The side question could not be put away: ${errorText(error)}`),
      );
  }, [btw, onError, session]);

  return { overlay, ask, dismiss };
}
