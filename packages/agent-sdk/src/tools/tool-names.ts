// The names of Wave's own tools, for settings that name tools (a rule naming none is said).
import { builtinTools } from './registry.js';

export const BUILTIN_TOOL_NAMES: readonly string[] = [
  ...builtinTools.map((tool) => tool.name),
  'Agent',
];
