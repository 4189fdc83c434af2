// What a model's tokens cost, in US dollars per million tokens: the schema a settings `models`
// entry's `pricing` follows, and the list prices Wave knows (price-table.ts).
import { z } from 'zod';
import { lazySchema } from '../values/lazy-schema.js';

const perMillion = () => z.number().nonnegative().max(10_000);

export const ModelPricingSchema = lazySchema(() =>
  z.object({
    /** Input tokens not read from or written to the prompt cache. */
    input: perMillion(),
    output: perMillion(),
    /** Input tokens read from the prompt cache; default: the input price. */
    cacheRead: perMillion().optional(),
    /** Input tokens written to the prompt cache; default: the input price. */
    cacheWrite: perMillion().optional(),
  }),
);
export type ModelPricing = z.output<typeof ModelPricingSchema>;
