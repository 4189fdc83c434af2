// Asks the user about one tool call — the first permission question of the session state —
// allow once, allow for the session, allow and don't ask again (when the question offers a rule),
// or deny (with an optional reason typed in). Keys: ↑/↓ and Enter, or the choice's number; Esc stops the turn, as the status line says (the question is denied with it,
// and the model is not asked again).

import { useState } from 'react';
import { useInput } from 'ink';
import { deleteBackward, emptyEditor, insertText } from '../input/text-editor.js';
import type { EditorState } from '../input/text-editor.js';
import type { PermissionDecision, PermissionQuestion } from '@wave-agent/shared-protocol';
import { permissionChoices, permissionPromptLines } from './permission-prompt-lines.js';
import { SafeText } from '../SafeText.js';

interface PermissionPromptProps {
  readonly question: PermissionQuestion;
  /** Answers the question (through the session: any attached host could have, too). */
  readonly onAnswer: (decision: PermissionDecision, reason?: string) => void;
  /** Stops the turn the question belongs to (Esc). */
  readonly onStop: () => void;
  readonly columns: number;
  /** Rows an Edit's or Write's change may take (the rest: Ctrl+O). */
  readonly changeRows: number;
}

export function PermissionPrompt({
  question,
  onAnswer,
  onStop,
  columns,
  changeRows,
}: PermissionPromptProps) {
  const [choice, setChoice] = useState(0);
  const [reason, setReason] = useState<EditorState | undefined>(undefined);

  const choices = permissionChoices(question);
  const choose = (index: number): void => {
    const decision = choices[index]?.decision;
    if (decision === 'deny') setReason(emptyEditor);
    else if (decision !== undefined) onAnswer(decision);
  };

  useInput((input, key) => {
    if (reason !== undefined) {
      if (key.return) {
        const said = reason.text.trim();
        if (said) onAnswer('deny', said);
        else onAnswer('deny');
      } else if (key.escape) {
        setReason(undefined);
      } else if (key.backspace || key.delete) {
        setReason(deleteBackward(reason));
      } else if (input && !key.ctrl && !key.meta) {
        setReason(insertText(reason, input.replace(/[\r\n]+/g, ' ')));
      }
      return;
    }
    if (key.upArrow) setChoice((choice + choices.length - 1) % choices.length);
    else if (key.downArrow) setChoice((choice + 1) % choices.length);
    else if (key.return) choose(choice);
    else if (key.escape) onStop();
    else if (/^[1-9]$/.test(input) && Number(input) <= choices.length) choose(Number(input) - 1);
  });

  return (
    <SafeText>
      {permissionPromptLines(question, choice, reason?.text, columns, changeRows).join('\n')}
    </SafeText>
  );
}
