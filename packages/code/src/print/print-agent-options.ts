// What Claude Code's print-mode flags change in the Agent's options: the session the run goes on
// in (--resume ID that one, --continue the newest of this folder, print runs included as with
// `claude -c -p`; --fork-session a copy of it, under --session-id when given), whether anything
// is kept (--no-session-persistence), the system prompt, and the built-in tools (--tools).
import { Agent, BUILTIN_TOOL_NAMES } from '@wave-agent/agent-sdk';
import type { AgentOptions } from '@wave-agent/agent-sdk';
import type { CliOptions } from '../cli/cli-options.js';
import { schemaInstruction } from './structured-answer.js';

export type PrintStart =
  | { readonly options: Partial<AgentOptions> }
  /** The session asked for is not there: a sentence for stderr. */
  | { readonly problem: string };

interface Where {
  readonly workdir: string;
  readonly waveHome: string;
}

function resumedSession(
  cli: Pick<CliOptions, 'resume' | 'continueSession'>,
  where: Where,
): { readonly id?: string; readonly problem?: string } {
  if (!cli.resume && !cli.continueSession) return {};
  const { sessions } = Agent.listSessions(where);
  const wanted = cli.resume?.sessionId;
  if (wanted === undefined) {
    const newest = sessions[0];
    if (newest === undefined)
      return {
        problem: `there is no session in ${where.workdir} to continue; run without --continue to start one.`,
      };
    return { id: newest.id };
  }
  if (!sessions.some((session) => session.id === wanted))
    return {
      problem: `there is no session ${wanted} in ${where.workdir} (wave --resume lists them).`,
    };
  return { id: wanted };
}

export function printStart(
  cli: Pick<CliOptions, 'resume' | 'continueSession' | 'print'>,
  where: Where,
): PrintStart {
  const resumed = resumedSession(cli, where);
  if (resumed.problem !== undefined) return { problem: resumed.problem };
  const flags = cli.print;
  const taken = flags?.sessionId;
  if (taken !== undefined && Agent.listSessions(where).sessions.some((each) => each.id === taken))
    return {
      problem: `a stored session in ${where.workdir} already has the id ${taken}; choose another --session-id, or --resume ${taken}.`,
    };
  const tools = flags?.tools;
  const schema = flags?.jsonSchema;
  const appendSystemPrompt = [
    ...(flags?.appendSystemPrompt !== undefined ? [flags.appendSystemPrompt] : []),
    ...(schema !== undefined ? [schemaInstruction(schema)] : []),
  ];
  return {
    options: {
      ...(resumed.id !== undefined ? { resumeSessionId: resumed.id } : {}),
      ...(flags?.forkSession ? { forkSession: true } : {}),
      ...(flags?.sessionId !== undefined ? { newSessionId: flags.sessionId } : {}),
      ...(flags?.persistSession === false ? { persistSession: false } : {}),
      ...(flags?.systemPrompt !== undefined ? { systemPrompt: flags.systemPrompt } : {}),
      ...(appendSystemPrompt.length > 0
        ? { appendSystemPrompt: appendSystemPrompt.join('\n\n') }
        : {}),
      ...(flags?.fallbackModels !== undefined ? { fallbackModels: flags.fallbackModels } : {}),
      ...(tools !== undefined
        ? { disallowedTools: BUILTIN_TOOL_NAMES.filter((name) => !tools.includes(name)) }
        : {}),
    },
  };
}
