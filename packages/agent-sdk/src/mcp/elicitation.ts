// An MCP server asks the user for input mid-call (elicitation/create): its form is put to the
// user as the session's question (the machinery of the model's AskUserQuestion, so every host
// shows it and the first answer counts), the answer is checked against the form's schema (asked
// again, saying what did not fit, until it fits or the user declines) and goes back as the MCP
// result. Where no person can answer (print mode) it is declined, and the user is told once per
// call. A stopped turn, or a server that gives up waiting, cancels it.
import type { ElicitResult } from '@modelcontextprotocol/client';
import type { AgentEvent } from '@wave-agent/shared-protocol';
import { notice } from '../agent/notices.js';
import type { UserAsking } from '../tools/tool-session.js';
import { formContent, formFields, formQuestions } from './elicitation-form.js';
import type { Elicit } from './mcp-connection.js';

/** What a tool call offers for asking the user (absent parts: no one can answer). */
export interface ElicitationAsking {
  readonly askUser?: UserAsking;
  readonly call?: { readonly messageId: string; readonly toolCallId: string };
}

/** At most this many tries at one form: then it is declined (the server may ask again). */
const MAX_TRIES = 5;

/** How one call of `server`'s tool answers the server's forms. */
export function elicitFromUser(
  server: string,
  asking: ElicitationAsking,
  emit: (event: AgentEvent) => void,
): Elicit {
  return async (params, signal): Promise<ElicitResult> => {
    const { askUser, call } = asking;
    const message = params.message.slice(0, 2000);
    if (!askUser || !call) {
      emit(
        notice(
          'warning',
          `The MCP server "${server}" asked for input ("${message.slice(0, 200)}"), but no one can answer in this run, so Wave declined. Run wave without -p to answer it.`,
        ),
      );
      return { action: 'decline' };
    }
    if (params.mode === 'url') {
      emit(
        notice(
          'warning',
          `The MCP server "${server}" asked the user to open a page; Wave does not open pages for servers, so it declined.`,
        ),
      );
      return { action: 'decline' };
    }
    const fields = formFields(params.requestedSchema);
    if (typeof fields === 'string') {
      emit(
        notice(
          'warning',
          `The MCP server "${server}" asked for input, but ${fields}, so Wave declined.`,
        ),
      );
      return { action: 'decline' };
    }
    const questions = formQuestions(fields);
    let said = message;
    for (let tries = 0; tries < MAX_TRIES; tries += 1) {
      const answer = await askUser.ask({ kind: 'choices', questions }, call, signal, {
        server,
        message: said,
      });
      if (answer === undefined || signal.aborted) return { action: 'cancel' };
      if (answer.kind !== 'choices') return { action: 'decline' };
      const checked = formContent(fields, answer.answers);
      if ('content' in checked) return { action: 'accept', content: checked.content };
      said = `${message}\n(The last answer did not fit: ${checked.problem} Please answer again.)`;
    }
    emit(
      notice(
        'warning',
        `The answers to the MCP server "${server}" did not fit its form ${MAX_TRIES} times, so Wave declined.`,
      ),
    );
    return { action: 'decline' };
  };
}
