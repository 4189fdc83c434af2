// The session's files as read last (session-context.ts): read when the agent is made and again
// whenever another session takes its place (/clear, a restore), so the memory, commands and
// skills the model and the hosts see are the ones on disk at that moment.
import type { Logger } from '../logger.js';
import { loadSessionContext } from './session-context.js';
import type { SessionContext, SessionContextInput } from './session-context.js';

export class ContextShelf {
  private current: SessionContext;

  constructor(
    private readonly input: SessionContextInput,
    private readonly logger: Logger,
  ) {
    this.current = this.read();
  }

  get value(): SessionContext {
    return this.current;
  }

  /** Reads the files again; what went wrong is logged (and listed in `info.warnings`). */
  reload(): SessionContext {
    this.current = this.read();
    return this.current;
  }

  private read(): SessionContext {
    const context = loadSessionContext(this.input);
    for (const warning of context.info.warnings) this.logger.warn(warning);
    return context;
  }
}
