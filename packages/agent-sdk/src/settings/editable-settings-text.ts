// A settings file read to be edited in place (one key changed, its comments and layout kept):
// its text ("{}" when it is missing or blank) and its object. A file that is not one JSON object
// is a sentence starting with what could not be done.
import { readFile } from 'node:fs/promises';
import { lineColumnAt, parseJsonc } from '../storage/jsonc-text.js';
import { errorCode, isRecord } from '@wave-agent/shared-protocol';

export interface EditableSettings {
  readonly text: string;
  readonly settings: Record<string, unknown>;
}

/** `cannot` says what failed, e.g. "Cannot save the model". */
export async function readEditableSettings(
  path: string,
  cannot: string,
): Promise<EditableSettings> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return { text: '{}', settings: {} };
    throw error;
  }
  if (text.trim() === '') return { text: '{}', settings: {} };
  const parsed = parseJsonc(text);
  if (parsed.error) {
    const { line, column } = lineColumnAt(text, parsed.error.offset);
    throw new Error(
      `${cannot}: ${path}:${line}:${column} is not valid JSON (${parsed.error.message}). Fix or delete the file, then try again.`,
    );
  }
  if (!isRecord(parsed.value))
    throw new Error(
      `${cannot}: ${path} does not hold a JSON object. Fix or delete the file, then try again.`,
    );
  return { text, settings: parsed.value };
}
