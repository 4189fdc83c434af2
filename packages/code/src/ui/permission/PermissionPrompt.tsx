// Asks the user about one tool call: allow once, allow for the session, or deny (with an
// optional reason typed in). Keys: ↑/↓ and Enter, or 1/2/3; Esc denies.

import { useState } from 'react';
import { Text, useInput } from 'ink';
import { deleteBackward, emptyEditor, insertText } from '../input/text-editor.js';
import type { EditorState } from '../input/text-editor.js';
import type { PendingPermission } from './permission-bridge.js';
import { PERMISSION_CHOICES, permissionPromptLines } from './permission-prompt-lines.js';

interface PermissionPromptProps {
  readonly pending: PendingPermission;
  readonly columns: number;
}

export function PermissionPrompt({ pending, columns }: PermissionPromptProps) {
  const [choice, setChoice] = useState(0);
  const [reason, setReason] = useState<EditorState | undefined>(undefined);

  const choose = (index: number): void => {
    if (index === 0) pending.answer({ decision: 'allow' });
    else if (index === 1) pending.answer({ decision: 'allowSession' });
    else setReason(emptyEditor);
  };

  useInput((input, key) => {
    if (reason !== undefined) {
      if (key.return) {
        const said = reason.text.trim();
        pending.answer(said ? { decision: 'deny', reason: said } : { decision: 'deny' });
      } else if (key.escape) {
        setReason(undefined);
      } else if (key.backspace || key.delete) {
        setReason(deleteBackward(reason));
      } else if (input && !key.ctrl && !key.meta) {
        setReason(insertText(reason, input.replace(/[\r\n]+/g, ' ')));
      }
      return;
    }
    if (key.upArrow)
      setChoice((choice + PERMISSION_CHOICES.length - 1) % PERMISSION_CHOICES.length);
    else if (key.downArrow) setChoice((choice + 1) % PERMISSION_CHOICES.length);
    else if (key.return) choose(choice);
    else if (key.escape) pending.answer({ decision: 'deny' });
    else if (/^[123]$/.test(input)) choose(Number(input) - 1);
  });

  return (
    <Text>{permissionPromptLines(pending.question, choice, reason?.text, columns).join('\n')}</Text>
  );
}
