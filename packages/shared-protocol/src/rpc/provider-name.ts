// The model providers Wave talks to (`WAVE_PROVIDER`, ARCHITECTURE §4). `demo` is offline and says so.

import { z } from 'zod';

export const PROVIDER_NAMES = ['anthropic', 'openai', 'demo'] as const;

export const ProviderNameSchema = z.enum(PROVIDER_NAMES);

export type ProviderName = z.output<typeof ProviderNameSchema>;
