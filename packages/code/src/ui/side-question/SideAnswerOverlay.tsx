// The /btw box in the live area. While it is up it takes Esc (stop/close) and Enter (close
// once answered); the prompt waits.

import { useInput } from 'ink';
import type { SideQuestion } from '@wave-agent/shared-protocol';
import { SafeText } from '../SafeText.js';

interface SideAnswerOverlayProps {
  readonly state: SideQuestion;
  /** From `sideAnswerLines`: the App counts them to size the live area. */
  readonly lines: readonly string[];
  readonly isActive: boolean;
  readonly onDismiss: () => void;
}

export function SideAnswerOverlay({ state, lines, isActive, onDismiss }: SideAnswerOverlayProps) {
  useInput(
    (_input, key) => {
      if (key.escape || (key.return && state.stage !== 'answering')) onDismiss();
    },
    { isActive },
  );
  return <SafeText>{lines.join('\n')}</SafeText>;
}
