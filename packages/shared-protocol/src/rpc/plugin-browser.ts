// Claude Code plugins over the protocol (/plugin in every UI): the plugins of the marketplaces the
// user added, each with whether it is installed and on, and Claude Code's own installs; and one
// change at a time (install, uninstall, enable, disable). Asking for a change from a UI is the
// user's yes, as `wave plugin install` is. A change holds from the next session on.
import { z } from 'zod';
import { lazySchema } from '../values/lazy-schema.js';

const SessionParamsSchema = lazySchema(() => z.object({ sessionId: z.string() }));

export const PLUGIN_ACTIONS = ['install', 'uninstall', 'enable', 'disable'] as const;
export type PluginAction = (typeof PLUGIN_ACTIONS)[number];

export const PluginRowSchema = lazySchema(() =>
  z.object({
    /** `name@marketplace`. */
    id: z.string(),
    description: z.string().optional(),
    version: z.string().optional(),
    installed: z.boolean(),
    enabled: z.boolean(),
    /** Whose install: Wave's, or Claude Code's under ~/.claude/plugins/. */
    installedBy: z.enum(['wave', 'claude-code']).optional(),
  }),
);
export type PluginRow = z.output<typeof PluginRowSchema>;

export const ListPluginsResultSchema = lazySchema(() =>
  z.object({
    /** The marketplaces the user added, each with its plugins, in the order added. */
    marketplaces: z.array(z.object({ name: z.string(), plugins: z.array(PluginRowSchema) })),
    /** Installed plugins no known marketplace lists (Claude Code's, or a marketplace removed). */
    others: z.array(PluginRowSchema),
    /** What could not be read, each a sentence. */
    problems: z.array(z.string()),
  }),
);
export type ListPluginsResult = z.output<typeof ListPluginsResultSchema>;

export const ChangePluginParamsSchema = lazySchema(() =>
  SessionParamsSchema.extend({ action: z.enum(PLUGIN_ACTIONS), id: z.string().max(512) }),
);

/** `text`: what was done, or why nothing was, as sentences. */
export const ChangePluginResultSchema = lazySchema(() =>
  z.object({ ok: z.boolean(), text: z.string() }),
);
export type ChangePluginResult = z.output<typeof ChangePluginResultSchema>;
