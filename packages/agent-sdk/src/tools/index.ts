// The tools' public surface for the rest of the SDK.
export type {
  PermissionClass,
  ToolContext,
  ToolDefinition,
  ToolOutputUpdate,
  ToolResult,
} from './tool.js';
export type * from './tool-session.js';
export { defineTool, type AnyTool, type TypedToolDefinition } from './define-tool.js';
export { runTool, parseToolInput, type ParsedToolInput } from './run-tool.js';
export { builtinTools, findTool, selectTools, type ToolSelection } from './registry.js';
export { bashTool } from './bash.js';
export { readTool } from './read.js';
export { writeTool } from './write.js';
export { editTool } from './edit.js';
export { globTool } from './glob.js';
export { grepTool } from './grep.js';
export { lsTool } from './ls.js';
export { todoWriteTool } from './todo-write.js';
export { bashOutputTool } from './bash-output.js';
export { killBashTool } from './kill-bash.js';
