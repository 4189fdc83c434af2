// A settings file's text: missing (no settings), unreadable (said, with why), or its text. An
// empty or blank file counts as missing, as an empty settings file means nothing.
import { readFileSync } from 'node:fs';
import { errorText, errorCode } from '@wave-agent/shared-protocol';

export type SettingsText =
  | { readonly kind: 'missing' }
  | { readonly kind: 'unreadable'; readonly reason: string }
  | { readonly kind: 'text'; readonly text: string };

export function readSettingsText(path: string): SettingsText {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return { kind: 'missing' };
    return { kind: 'unreadable', reason: errorText(error) };
  }
  return text.trim() === '' ? { kind: 'missing' } : { kind: 'text', text };
}
