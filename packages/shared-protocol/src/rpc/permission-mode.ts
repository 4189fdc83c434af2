// How much the agent may do without asking: `default` asks before anything that changes
// something, `acceptEdits` lets file edits through, `bypassPermissions` asks for nothing, `plan`
// changes nothing at all, `dontAsk` refuses without asking whatever no rule allows (for CI).

import { z } from 'zod';
import { lazySchema } from '../values/lazy-schema.js';

export const PERMISSION_MODES = [
  'default',
  'acceptEdits',
  'bypassPermissions',
  'plan',
  'dontAsk',
] as const;

export const PermissionModeSchema = lazySchema(() => z.enum(PERMISSION_MODES));

export type PermissionMode = z.output<typeof PermissionModeSchema>;
