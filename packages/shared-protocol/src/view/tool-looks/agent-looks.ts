// The tools about the agent's own work: a subagent (its card holds the subagent's
// conversation, which each screen draws as a thread), a skill. Their input is long or said
// elsewhere, so their body is empty: a screen with room shows the raw parameters.
import type { ToolLook } from '../tool-look.js';

export const taskLook: ToolLook = { kind: 'other', body: () => [] };
export const skillLook: ToolLook = { kind: 'other', body: () => [] };
