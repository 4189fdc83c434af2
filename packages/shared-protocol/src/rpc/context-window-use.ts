// How the last model request used the context window (/context): each part of what was sent, in
// tokens, summing to the request's input tokens (the provider's figure when it gave one, scaled
// from Wave's per-part estimates), and the model's window around it.
import { z } from 'zod';
import { lazySchema } from '../values/lazy-schema.js';

/** The parts of a request, in the order /context lists them. */
export const CONTEXT_PARTS = [
  'system',
  'tools',
  'mcpTools',
  'agents',
  'memory',
  'skills',
  'messages',
] as const;
export const ContextPartSchema = lazySchema(() => z.enum(CONTEXT_PARTS));
export type ContextPart = z.output<typeof ContextPartSchema>;

export const ContextWindowUseSchema = lazySchema(() =>
  z.object({
    /** The model id the request went to. */
    model: z.string(),
    /** The model's context window, in tokens; absent when it has no known limit (the demo). */
    windowTokens: z.number().optional(),
    /** The request's input tokens: the provider's figure when `reported`, else Wave's estimate. */
    inputTokens: z.number(),
    reported: z.boolean(),
    /** One entry per part, in CONTEXT_PARTS order; their tokens sum to `inputTokens`. */
    parts: z.array(z.object({ part: ContextPartSchema, tokens: z.number() })).readonly(),
  }),
);
export type ContextWindowUse = z.output<typeof ContextWindowUseSchema>;
