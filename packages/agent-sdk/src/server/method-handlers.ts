// The server's dispatch table: every feature's group of handlers, joined. The join checks, at
// typecheck and when this module loads, that every method of the shared table (RPC_METHODS) has
// exactly one handler (join-method-groups.ts); a new method of an existing feature is added to
// that feature's group, not here (ARCHITECTURE §7).
// A handler that can answer at once returns synchronously, so over a channel the answer is
// queued right behind every batch sent before it (a pull includes every event sent before it).
import { attachmentMethods } from '../attachments/attachment-methods.js';
import { sideQuestionMethods } from '../agent/side-question-methods.js';
import { turnMethods } from '../agent/turn-methods.js';
import { bangMethods } from '../bang/bang-methods.js';
import { contextMethods } from '../context/context-methods.js';
import { rewindMethods } from '../checkpoints/rewind-methods.js';
import { modelMethods } from '../model/model-methods.js';
import { mcpMethods } from '../mcp/mcp-methods.js';
import { pluginMethods } from '../plugins/plugin-methods.js';
import { permissionMethods } from '../permissions/permission-methods.js';
import { joinMethodGroups } from './join-method-groups.js';
import { sessionMethods } from './session-methods.js';

export type { HandlerContext, MethodHandler, MethodHandlers } from './method-context.js';

export const METHOD_HANDLERS = joinMethodGroups({
  sessionMethods,
  turnMethods,
  bangMethods,
  rewindMethods,
  permissionMethods,
  modelMethods,
  sideQuestionMethods,
  contextMethods,
  attachmentMethods,
  mcpMethods,
  pluginMethods,
});
