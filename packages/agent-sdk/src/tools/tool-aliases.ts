// Claude Code 2.1 renamed three tools: `Task` is `Agent`, `BashOutput` is `TaskOutput`, and
// `KillShell` (Wave's `KillBash`) is `TaskStop`. The model is offered the new names, as Claude
// Code offers them; rules, hook matchers, `allowedTools`/`disallowedTools` and an agent file's
// `tools` may use either, and a call the model makes under an old name runs the new tool.

/** Each old name and the name it became. */
const RENAMED: ReadonlyMap<string, string> = new Map([
  ['Task', 'Agent'],
  ['BashOutput', 'TaskOutput'],
  ['KillShell', 'TaskStop'],
  ['KillBash', 'TaskStop'],
]);

/** The name a tool has now: an old name becomes its new one; any other name is unchanged. */
export function currentToolName(name: string): string {
  return RENAMED.get(name) ?? name;
}

/** The names a tool was known by before (empty for a tool never renamed). */
export function formerToolNames(name: string): readonly string[] {
  return [...RENAMED].filter(([, now]) => now === name).map(([old]) => old);
}
