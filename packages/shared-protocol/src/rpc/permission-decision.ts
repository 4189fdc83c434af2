// A person's answer to a permission question. `allowSession`: allow, and stop asking for this
// tool in this session. `allowAlways`: allow, and write the question's `alwaysRule` to the
// folder's .wave/settings.local.json, so Wave does not ask again (only when the question offers
// a rule).

import { z } from 'zod';
import { lazySchema } from '../values/lazy-schema.js';

export const PERMISSION_DECISIONS = ['allow', 'allowSession', 'allowAlways', 'deny'] as const;

export const PermissionDecisionSchema = lazySchema(() => z.enum(PERMISSION_DECISIONS));

export type PermissionDecision = z.output<typeof PermissionDecisionSchema>;
