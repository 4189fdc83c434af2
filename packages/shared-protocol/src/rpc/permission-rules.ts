// The permission rules in force, over the protocol (/permissions in every UI): each rule with the
// settings file it comes from, and adding or removing one. Adding writes to the user's file
// ($WAVE_HOME/settings.json) or the folder's own .wave/settings.local.json; removing takes the
// rule out of the file it is written in.
import { z } from 'zod';
import { lazySchema } from '../values/lazy-schema.js';

const SessionParamsSchema = lazySchema(() => z.object({ sessionId: z.string() }));

export const PERMISSION_RULE_BEHAVIORS = ['allow', 'ask', 'deny'] as const;
export const RuleBehaviorSchema = lazySchema(() => z.enum(PERMISSION_RULE_BEHAVIORS));

export const PermissionRuleInfoSchema = lazySchema(() =>
  z.object({
    behavior: RuleBehaviorSchema,
    /** As written: `Bash(npm run test:*)`. */
    rule: z.string(),
    /** The settings file it comes from. */
    file: z.string(),
  }),
);
export type PermissionRuleInfo = z.output<typeof PermissionRuleInfoSchema>;

export const GetPermissionRulesResultSchema = lazySchema(() =>
  z.object({
    rules: z.array(PermissionRuleInfoSchema),
    /** Rules that were left out, each a sentence naming the file, the rule and what is wrong. */
    problems: z.array(z.string()),
    /**
     * The read-only list: the programs (and git's subcommands, `git status`) a command may be
     * made of to run without a question. Absent from an older agent.
     */
    readOnlyCommands: z.array(z.string()).optional(),
  }),
);

/** user: $WAVE_HOME/settings.json; local: the folder's .wave/settings.local.json. */
export const RULE_FILES = ['local', 'user'] as const;

export const AddPermissionRuleParamsSchema = lazySchema(() =>
  SessionParamsSchema.extend({
    behavior: RuleBehaviorSchema,
    rule: z.string().max(4096),
    file: z.enum(RULE_FILES).optional(),
  }),
);

export const RemovePermissionRuleParamsSchema = lazySchema(() =>
  SessionParamsSchema.extend({
    behavior: RuleBehaviorSchema,
    rule: z.string().max(4096),
  }),
);

/** `problem`: why nothing changed, as a sentence; `file`: the file written. */
export const PermissionRuleChangeResultSchema = lazySchema(() =>
  z.object({
    ok: z.boolean(),
    file: z.string().optional(),
    problem: z.string().optional(),
  }),
);
