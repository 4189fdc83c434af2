// `${CLAUDE_PLUGIN_ROOT}` and `${CLAUDE_PLUGIN_DATA}` in a plugin's hooks and MCP servers, as
// Claude Code substitutes them: in every string of the value (commands, arguments, variables,
// URLs), before anything runs. The same two are set in the environment of what the plugin starts
// (hookify's hooks import the plugin's own code through it).

export interface PluginVariables {
  readonly CLAUDE_PLUGIN_ROOT: string;
  readonly CLAUDE_PLUGIN_DATA: string;
}

const VARIABLE = /\$\{(CLAUDE_PLUGIN_ROOT|CLAUDE_PLUGIN_DATA)\}/g;

/** The value with both variables written out in each of its strings (a copy; keys unchanged). */
export function substitutePluginVariables(value: unknown, variables: PluginVariables): unknown {
  if (typeof value === 'string')
    return value.replace(VARIABLE, (_all, name: keyof PluginVariables) => variables[name]);
  if (Array.isArray(value)) return value.map((item) => substitutePluginVariables(item, variables));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, substitutePluginVariables(item, variables)]),
    );
  return value;
}
