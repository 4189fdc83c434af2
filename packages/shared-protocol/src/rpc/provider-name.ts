// The model providers Wave talks to (`WAVE_PROVIDER`, ARCHITECTURE §4). `demo` is offline and says so.

import { z } from 'zod';
import { lazySchema } from '../values/lazy-schema.js';

export const PROVIDER_NAMES = [
  'anthropic',
  'openai',
  'google',
  'vertex',
  'bedrock',
  'demo',
] as const;

export const ProviderNameSchema = lazySchema(() => z.enum(PROVIDER_NAMES));

export type ProviderName = z.output<typeof ProviderNameSchema>;
