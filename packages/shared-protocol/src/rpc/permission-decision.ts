// A person's answer to a permission question. `allowSession`: allow, and stop asking for this
// tool in this session.

import { z } from 'zod';

export const PERMISSION_DECISIONS = ['allow', 'allowSession', 'deny'] as const;

export const PermissionDecisionSchema = z.enum(PERMISSION_DECISIONS);

export type PermissionDecision = z.output<typeof PermissionDecisionSchema>;
