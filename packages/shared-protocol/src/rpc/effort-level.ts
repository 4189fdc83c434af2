// How hard the model thinks before it answers: `off` asks for no extended thinking, `low` …
// `max` for more. The agent maps a level to what each model takes (Anthropic: a thinking budget
// or `output_config.effort`; OpenAI reasoning models: `reasoning_effort`); a model without
// thinking ignores it. It is session state: every host shows and changes the same level.

import { z } from 'zod';
import { lazySchema } from '../values/lazy-schema.js';

export const EFFORT_LEVELS = ['off', 'low', 'medium', 'high', 'max'] as const;

export const EffortLevelSchema = lazySchema(() => z.enum(EFFORT_LEVELS));

export type EffortLevel = z.output<typeof EffortLevelSchema>;

/** What a session starts with unless the user says otherwise (Claude Code's default too). */
export const DEFAULT_EFFORT: EffortLevel = 'high';

export function isEffortLevel(value: string): value is EffortLevel {
  return (EFFORT_LEVELS as readonly string[]).includes(value);
}

/** The next level up, wrapping after `max` to `off`: one key press walks them all. */
export function nextEffort(level: EffortLevel): EffortLevel {
  const index = EFFORT_LEVELS.indexOf(level);
  return EFFORT_LEVELS[(index + 1) % EFFORT_LEVELS.length] ?? DEFAULT_EFFORT;
}
