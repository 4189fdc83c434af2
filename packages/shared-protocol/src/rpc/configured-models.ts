// The models the user configured (settings' `models`), as every host lists them in its model
// picker: a name to switch to, which provider and model id it means, and what it is chosen for.
// Never a key, never an endpoint: a host needs neither to show the list or to switch.

import { z } from 'zod';
import { lazySchema } from '../values/lazy-schema.js';
import { ModelPricingSchema } from '../cost/model-pricing.js';
import { ProviderNameSchema } from './provider-name.js';

/**
 * What a configured model is marked for: `default` is the one the session started with; the
 * others are the settings' `modelFor` choices (the /btw side questions, compaction, subagents).
 */
export const MODEL_PURPOSES = ['default', 'btw', 'compact', 'subagent', 'webfetch'] as const;
export const ModelPurposeSchema = lazySchema(() => z.enum(MODEL_PURPOSES));
export type ModelPurpose = z.output<typeof ModelPurposeSchema>;

export const ConfiguredModelSchema = lazySchema(() =>
  z.object({
    /** What `/model NAME` and `setModel` take. */
    name: z.string(),
    provider: ProviderNameSchema,
    /** The model id as the provider names it. */
    model: z.string(),
    purposes: z.array(ModelPurposeSchema).readonly(),
    /** The entry's own prices (settings' `pricing`), over Wave's list prices. */
    pricing: ModelPricingSchema.optional(),
  }),
);
export type ConfiguredModel = z.output<typeof ConfiguredModelSchema>;

export const ConfiguredModelListSchema = lazySchema(() =>
  z.array(ConfiguredModelSchema).readonly(),
);
