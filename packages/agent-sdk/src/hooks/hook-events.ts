// The points of the turn loop where hooks run, in Claude Code's names, and what each one's
// matcher is compared with (the tool name, the session's start source, …). Events without a
// matcher field run every hook configured for them.

export const HOOK_EVENTS = [
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'UserPromptSubmit',
  'PermissionRequest',
  'Stop',
  'SubagentStart',
  'SubagentStop',
  'SessionStart',
  'SessionEnd',
  'PreCompact',
  'PostCompact',
  'Notification',
] as const;

export type HookEventName = (typeof HOOK_EVENTS)[number];

export function isHookEventName(name: string): name is HookEventName {
  return (HOOK_EVENTS as readonly string[]).includes(name);
}

/** The input field a matcher is compared with, per event; absent: the matcher is not used. */
export const MATCHED_FIELD: { readonly [E in HookEventName]?: string } = {
  PreToolUse: 'tool_name',
  PostToolUse: 'tool_name',
  PostToolUseFailure: 'tool_name',
  PermissionRequest: 'tool_name',
  SubagentStart: 'agent_type',
  SubagentStop: 'agent_type',
  SessionStart: 'source',
  SessionEnd: 'reason',
  PreCompact: 'trigger',
  PostCompact: 'trigger',
  Notification: 'notification_type',
};
