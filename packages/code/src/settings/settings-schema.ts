// What a settings file may hold. Unknown keys are reported (a typo should not pass silently)
// and otherwise ignored.
import {
  EffortLevelSchema,
  McpServersSchema,
  PermissionModeSchema,
  ProviderNameSchema,
} from '@wave-agent/shared-protocol';
import { z } from 'zod';
import { ModelEntrySchema, ModelForSchema, ModelNameSchema } from './model-entry-schema.js';
import { SandboxSettingSchema } from './sandbox-setting.js';
import { WebSearchSettingSchema } from './web-search-setting.js';
import { MCP_APPROVAL_KEYS } from './mcp-approval.js';
import { NotificationChannelSchema } from './notification-setting.js';
import { PLUGIN_SETTING_KEYS } from './plugin-settings.js';

export const SettingsSchema = z.object({
  provider: ProviderNameSchema.optional(),
  /** A model id of `provider`, or the name of a configured model. */
  model: z.string().min(1).optional(),
  /** Like WAVE_BASE_URL: OpenAI-compatible endpoints end in /v1, Anthropic ones do not. */
  baseURL: z.string().min(1).optional(),
  /** Only read from the user file; a project file may be committed. */
  apiKey: z.string().min(1).optional(),
  permissionMode: PermissionModeSchema.optional(),
  /** How hard the model thinks when a session starts: off, low, medium, high (default), max. */
  effort: EffortLevelSchema.optional(),
  /** Claude Code's name for `effort`; `effort` wins when both are set. */
  effortLevel: EffortLevelSchema.optional(),
  /** Claude Code's switch: false starts sessions with thinking off (effort `off`). */
  alwaysThinkingEnabled: z.boolean().optional(),
  /** Tool names that run without asking. */
  allowedTools: z.array(z.string().min(1)).optional(),
  /** Configured models by name (model-entry-schema.ts); each entry is checked on its own. */
  models: z.record(ModelNameSchema, ModelEntrySchema).optional(),
  /** The configured model a session starts with. */
  defaultModel: ModelNameSchema.optional(),
  /** The configured model for /btw, compaction and subagents; the current model serves the rest. */
  modelFor: ModelForSchema.optional(),
  /** MCP servers in Claude Code's shape; only read from the user file (a project's are in .mcp.json). */
  mcpServers: McpServersSchema.optional(),
  /** Commands in the operating system's sandbox (sandbox-settings.ts); a project's needs trust to loosen it. */
  sandbox: SandboxSettingSchema.optional(),
  /** Where WebSearch searches for models without their own search; only read from the user file. */
  webSearch: WebSearchSettingSchema.optional(),
  /**
   * Whether the user's Claude Code folder (~/.claude: settings.json, CLAUDE.md, commands, skills,
   * agents) is read beside $WAVE_HOME. Default true; only the user's own file decides.
   */
  readClaudeHome: z.boolean().optional(),
  /** How a waiting question or a long turn's end is told (Claude Code's key and values). */
  preferredNotifChannel: NotificationChannelSchema.optional(),
});

export type WaveSettings = z.output<typeof SettingsSchema>;

export type SettingsScope = 'user' | 'project';

/** Read from every settings file with the file they came from (settings-sections.ts). */
export const SECTION_KEYS: readonly string[] = [
  'permissions',
  'hooks',
  'env',
  ...MCP_APPROVAL_KEYS,
  'statusLine',
  'apiKeyHelper',
  ...PLUGIN_SETTING_KEYS,
];

export const SETTING_KEYS: readonly string[] = [
  ...Object.keys(SettingsSchema.shape),
  ...SECTION_KEYS,
];
