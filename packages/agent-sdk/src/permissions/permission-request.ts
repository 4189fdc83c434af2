// What the SDK asks its host when a tool needs permission, and what the host answers.
import type { PermissionClass } from '../tools/tool.js';

export interface PermissionRequest {
  readonly toolName: string;
  readonly toolCallId: string;
  readonly permission: PermissionClass;
  /** The call's input, validated. */
  readonly input: unknown;
  readonly compactParams?: string;
  /** Why Wave asks, in words ("Bash runs commands", "writes outside the working directory: /etc/x"). */
  readonly reason: string;
  /** The allow rule an `allowAlways` answer writes; absent when none is offered. */
  readonly alwaysRule?: string;
  readonly signal: AbortSignal;
}

export type PermissionDecision =
  /** `updatedInput`: run the call with this input instead (the host vouches for it). */
  | { readonly decision: 'allow'; readonly updatedInput?: Record<string, unknown> }
  /** Allow, and do not ask again for this tool in this session. */
  | { readonly decision: 'allowSession' }
  /** Allow, and write `alwaysRule` to .wave/settings.local.json: never ask again. */
  | { readonly decision: 'allowAlways' }
  | { readonly decision: 'deny'; readonly reason?: string };

export type CanUseTool = (
  request: PermissionRequest,
) => Promise<PermissionDecision> | PermissionDecision;
