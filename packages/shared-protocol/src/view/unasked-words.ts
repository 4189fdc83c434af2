// Why a call ran without a question, in words every screen shows on its card (terminal, chat UI,
// ACP): asking less is shown, never hidden (issue 37). From the block's `unasked` reason.
import type { UnaskedReason } from '../messages.js';

const MODE_WORDS: Readonly<Record<'acceptEdits' | 'bypassPermissions', string>> = {
  acceptEdits: 'accept-edits mode',
  bypassPermissions: 'bypass-permissions mode',
};

/** One short line, e.g. "read-only · ran without asking"; '' when someone was asked. */
export function unaskedWords(reason: UnaskedReason | undefined): string {
  if (reason === undefined) return '';
  switch (reason.kind) {
    case 'read-only':
      return 'read-only · ran without asking';
    case 'sandbox':
      return 'in the sandbox · ran without asking';
    case 'rule':
      return `allowed by ${reason.rule} in ${reason.source}`;
    case 'mode':
      return `${MODE_WORDS[reason.mode]} · ran without asking`;
    case 'allowed-tools':
      return 'allowed by the allowed tools · ran without asking';
    case 'session':
      return 'allowed for this session';
    case 'hook':
      return 'allowed by a PreToolUse hook';
  }
}
