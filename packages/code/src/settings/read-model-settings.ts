// The configured models of one settings file, checked before the file as a whole: a broken
// entry is reported at its path:line:column and left out, and the rest of the file still counts
// (one typo in one model should not take the user's permission settings with it). Unknown keys
// are reported and dropped; a key written into an entry is never read.
import {
  MAX_MODEL_ENTRIES,
  MODEL_ENTRY_KEYS,
  MODEL_FOR_KEYS,
  ModelEntrySchema,
  ModelNameSchema,
} from './model-entry-schema.js';
import { isRecord } from '@wave-agent/shared-protocol';

export interface CheckedModelSettings {
  /** The file's object, with what was reported left out. */
  readonly json: Record<string, unknown>;
  readonly warnings: readonly string[];
}

/** `at(path)`: where a dotted key path is written, as file:line:column. */
export function checkModelSettings(
  json: Record<string, unknown>,
  at: (keyPath: string) => string,
): CheckedModelSettings {
  const warnings: string[] = [];
  const checked = { ...json };
  if (isRecord(json.models)) {
    const models: Record<string, unknown> = {};
    for (const [name, entry] of Object.entries(json.models)) {
      const where = at(`models.${name}`);
      const skip = (problem: string) =>
        warnings.push(
          `ignoring the model "${name}" at ${where}: ${problem}. Fix it; Wave started without it.`,
        );
      if (!ModelNameSchema.safeParse(name).success) {
        skip('a model name is one word of letters, digits and . _ : @ / - (at most 64 characters)');
        continue;
      }
      if (Object.keys(models).length === MAX_MODEL_ENTRIES) {
        skip(`a settings file holds at most ${MAX_MODEL_ENTRIES} models`);
        continue;
      }
      if (!isRecord(entry)) {
        skip('it must be an object, like {"provider": "openai", "model": "gpt-4.1-mini"}');
        continue;
      }
      const known: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(entry)) {
        if (MODEL_ENTRY_KEYS.includes(key)) known[key] = value;
        else if (key === 'apiKey')
          warnings.push(
            `ignoring "apiKey" of the model "${name}" at ${at(`models.${name}.apiKey`)}: Wave never reads a key from a model entry. Put the key in an environment variable and name that variable in "apiKeyEnv".`,
          );
        else
          warnings.push(
            `unknown setting "models.${name}.${key}" at ${at(`models.${name}.${key}`)} is ignored. A model knows: ${MODEL_ENTRY_KEYS.join(', ')}.`,
          );
      }
      const parsed = ModelEntrySchema.safeParse(known);
      if (parsed.success) models[name] = parsed.data;
      else {
        const issue = parsed.error.issues[0];
        skip(`"${String(issue?.path[0] ?? '')}": ${issue?.message ?? 'invalid value'}`);
      }
    }
    checked.models = models;
  }
  if (isRecord(json.modelFor)) {
    const modelFor: Record<string, unknown> = {};
    for (const [purpose, name] of Object.entries(json.modelFor)) {
      if (MODEL_FOR_KEYS.includes(purpose)) modelFor[purpose] = name;
      else
        warnings.push(
          `"modelFor.${purpose}" at ${at(`modelFor.${purpose}`)} is ignored${purpose === 'title' ? ': Wave titles a session with its first message, without asking a model' : ''}. modelFor knows: ${MODEL_FOR_KEYS.join(', ')}.`,
        );
    }
    checked.modelFor = modelFor;
  }
  return { json: checked, warnings };
}
