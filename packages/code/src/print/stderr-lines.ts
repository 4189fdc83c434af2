// What every print format tells the person on stderr while the turn runs: errors, notices, hooks
// that blocked, failed or were ended, and (for the text format) one short line per tool call.
import { hookRunSummary } from '@wave-agent/shared-protocol';
import type { AgentEvent } from '@wave-agent/shared-protocol';

function firstLine(text: string): string {
  return text.split('\n', 1)[0] ?? '';
}

function toolLabel(name: string, compactParams: string | undefined): string {
  const params = compactParams ? firstLine(compactParams) : '';
  if (!params) return name;
  return `${name}(${params.length > 120 ? `${params.slice(0, 120)}…` : params})`;
}

/** Errors and notices: the lines a script's log should show whatever the format. */
export function problemLine(event: AgentEvent): string | undefined {
  if (event.type === 'errorBlockAdded') return `wave: ${event.error}`;
  if (event.type === 'noticeAdded')
    return `wave: ${event.level === 'warning' ? 'warning: ' : ''}${event.message}`;
  // A hook that blocked, failed or was ended (a prompt it kept from the model, say) says so.
  if (event.type === 'hookRunUpdated' && event.stage === 'end' && event.outcome !== 'ok')
    return `wave: hook: ${hookRunSummary(event)}`;
  return undefined;
}

/** Tool activity: a line when a call starts running, and one when it fails or is denied. */
export function createToolLines(): (event: AgentEvent) => string | undefined {
  const announced = new Set<string>();
  return (event) => {
    if (event.type !== 'toolBlockUpdated') return undefined;
    const key = `${event.messageId}\u0000${event.id}`;
    if (event.stage === 'running' && !announced.has(key)) {
      announced.add(key);
      return `→ ${toolLabel(event.name, event.compactParams)}`;
    }
    if (event.stage === 'end' && event.error !== undefined) {
      return `✗ ${toolLabel(event.name, event.compactParams)}: ${firstLine(event.error)}`;
    }
    return undefined;
  };
}
