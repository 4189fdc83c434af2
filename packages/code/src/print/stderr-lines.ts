// What every print format tells the person on stderr while the turn runs: errors, notices, hooks
// that blocked, failed or were ended, and (for the text format) one short line per tool call.
import { blockView, hookRunView, toolView } from '@wave-agent/shared-protocol';
import type { AgentEvent, BlockView, SessionState, ToolBlock } from '@wave-agent/shared-protocol';

function firstLine(text: string): string {
  return text.split('\n', 1)[0] ?? '';
}

/** A call as its look names it: `notes · add_note(text: buy milk)`. */
function toolLabel(block: ToolBlock): string {
  const view = toolView(block);
  const params = firstLine(view.subject);
  if (!params) return view.name;
  return `${view.name}(${params.length > 120 ? `${params.slice(0, 120)}…` : params})`;
}

function toolBlockIn(state: SessionState, messageId: string, id: string): ToolBlock | undefined {
  const message = state.conversation.messages.findLast((each) => each.id === messageId);
  for (const block of message?.blocks ?? [])
    if (block.type === 'tool' && block.id === id) return block;
  return undefined;
}

/** A block's view as a log line: `wave: warning: …`, `wave: hook: …`. */
function viewLine(view: BlockView): string {
  return `wave: ${view.tag === '' ? '' : `${view.tag}: `}${view.sentence}`;
}

/**
 * Errors and notices: the lines a script's log should show whatever the format. Print mode
 * keeps no conversation, so each line is the view of the block its event adds.
 */
export function problemLine(event: AgentEvent): string | undefined {
  if (event.type === 'errorBlockAdded')
    return viewLine(blockView({ type: 'error', message: event.error }));
  if (event.type === 'noticeAdded')
    return viewLine(blockView({ type: 'notice', message: event.message, level: event.level }));
  // A hook that blocked, failed or was ended (a prompt it kept from the model, say) says so.
  if (event.type === 'hookRunUpdated' && event.stage === 'end' && event.outcome !== 'ok')
    return viewLine(hookRunView(event));
  return undefined;
}

/** Tool activity: a line when a call starts running, and one when it fails or is denied. */
export function createToolLines(): (event: AgentEvent, state: SessionState) => string | undefined {
  const announced = new Set<string>();
  return (event, state) => {
    if (event.type !== 'toolBlockUpdated') return undefined;
    const block = toolBlockIn(state, event.messageId, event.id);
    if (block === undefined) return undefined;
    const key = `${event.messageId}\u0000${event.id}`;
    if (event.stage === 'running' && !announced.has(key)) {
      announced.add(key);
      return `→ ${toolLabel(block)}`;
    }
    if (event.stage === 'end' && block.error !== undefined) {
      return `✗ ${toolLabel(block)}: ${firstLine(block.error)}`;
    }
    return undefined;
  };
}
