// Which program shows the session (`initialize`'s `host`): Wave words what it tells the user in
// that host's own terms (where its settings are, which command sets a key).

import { z } from 'zod';
import { lazySchema } from '../values/lazy-schema.js';

export const HOST_NAMES = ['terminal', 'vscode', 'desktop', 'web'] as const;

export const HostNameSchema = lazySchema(() => z.enum(HOST_NAMES));

export type HostName = z.output<typeof HostNameSchema>;
