// Decides whether a tool call may run: by permission mode, by where it reaches, by what the user
// allowed for the session, and otherwise by asking (canUseTool).
import { isAbsolute, relative } from 'node:path';
import type { PermissionMode } from '@wave-agent/shared-protocol';
import type { ToolDefinition } from '../tools/tool.js';
import type { CanUseTool } from './permission-request.js';

export type PermissionOutcome =
  | { readonly allowed: true }
  /** `byUser`: a person said no, so the rest of this response's calls are skipped. */
  | { readonly allowed: false; readonly reason: string; readonly byUser: boolean };

export interface PermissionCheck {
  readonly tool: ToolDefinition<unknown>;
  readonly input: unknown;
  readonly toolCallId: string;
  readonly compactParams?: string;
  readonly signal: AbortSignal;
}

function isInside(path: string, workdir: string): boolean {
  const rel = relative(workdir, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

export class PermissionPolicy {
  private readonly allowedThisSession = new Set<string>();

  constructor(
    private mode: PermissionMode,
    private readonly workdir: string,
    /** Tools that never ask (from options or settings). */
    private readonly alwaysAllowed: ReadonlySet<string>,
    private readonly canUseTool: CanUseTool | undefined,
  ) {}

  get permissionMode(): PermissionMode {
    return this.mode;
  }

  setMode(mode: PermissionMode): void {
    this.mode = mode;
  }

  /** Why this call needs a person's yes, or undefined when it may simply run. */
  private askReason(tool: ToolDefinition<unknown>, input: unknown): string | undefined {
    const outside = (tool.paths?.(input, this.workdir) ?? []).filter(
      (path) => !isInside(path, this.workdir),
    );
    if (outside.length > 0)
      return `${tool.name} reaches outside the working directory: ${outside.join(', ')}`;
    if (tool.permission === 'execute') return `${tool.name} runs commands on your machine`;
    if (tool.permission === 'edit' && this.mode !== 'acceptEdits')
      return `${tool.name} changes files`;
    return undefined;
  }

  async check(call: PermissionCheck): Promise<PermissionOutcome> {
    const { tool } = call;
    if (this.mode === 'plan' && tool.permission !== 'read-only') {
      return {
        allowed: false,
        byUser: false,
        reason: `Plan mode allows only read-only tools, so ${tool.name} was not run. Finish the plan; the user can leave plan mode to let you make changes.`,
      };
    }
    if (this.mode === 'bypassPermissions') return { allowed: true };
    const reason = this.askReason(tool, call.input);
    if (!reason || this.alwaysAllowed.has(tool.name) || this.allowedThisSession.has(tool.name)) {
      return { allowed: true };
    }
    if (!this.canUseTool) {
      return {
        allowed: false,
        byUser: false,
        reason: `${reason}, and there is no one to ask for permission here. ${
          tool.permission === 'edit'
            ? 'Run with --permission-mode acceptEdits (or bypassPermissions)'
            : 'Run with --permission-mode bypassPermissions'
        }, or list ${tool.name} in allowedTools in the settings.`,
      };
    }
    const answer = await this.canUseTool({
      toolName: tool.name,
      toolCallId: call.toolCallId,
      permission: tool.permission,
      input: call.input,
      ...(call.compactParams !== undefined ? { compactParams: call.compactParams } : {}),
      reason,
      signal: call.signal,
    });
    if (answer.decision === 'allowSession') this.allowedThisSession.add(tool.name);
    if (answer.decision === 'deny') {
      const said = answer.reason?.trim();
      return {
        allowed: false,
        byUser: true,
        reason: said ? `The user denied this call: ${said}` : 'The user denied this call.',
      };
    }
    return { allowed: true };
  }
}
