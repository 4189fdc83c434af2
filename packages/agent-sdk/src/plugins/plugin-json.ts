// A JSON file of a plugin or a marketplace, read with a bound on its size: the folder may be a
// stranger's, so a file that is too big, missing or not JSON is a sentence, never a throw.
import { readFileSync, statSync } from 'node:fs';
import { errorCode, errorText } from '@wave-agent/shared-protocol';
import { parseJsonc } from '../storage/jsonc-text.js';

const MAX_JSON_BYTES = 1024 * 1024;

export type JsonRead =
  | { readonly kind: 'value'; readonly value: unknown }
  | { readonly kind: 'missing' }
  | { readonly kind: 'problem'; readonly problem: string };

export function readPluginJson(path: string): JsonRead {
  let text: string;
  try {
    const size = statSync(path).size;
    if (size > MAX_JSON_BYTES)
      return {
        kind: 'problem',
        problem: `${path} has ${size} bytes; Wave reads at most ${MAX_JSON_BYTES}, so it was skipped.`,
      };
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return { kind: 'missing' };
    return { kind: 'problem', problem: `${path} could not be read (${errorText(error)}).` };
  }
  const parsed = parseJsonc(text);
  if (parsed.error)
    return {
      kind: 'problem',
      problem: `${path} is not valid JSON (${parsed.error.message}); fix the file.`,
    };
  return { kind: 'value', value: parsed.value };
}
