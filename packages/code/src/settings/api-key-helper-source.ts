// The helper's key while Wave runs, as Claude Code keeps it: cached for
// CLAUDE_CODE_API_KEY_HELPER_TTL_MS (5 minutes unless set), asked for again after that and when
// the API refuses the key (HTTP 401). One run at a time: requests that need a new key together
// wait for the same run.
import { childProcess } from '@wave-agent/agent-sdk';
import type { ApiKeySource } from '@wave-agent/agent-sdk';
import { helperFailure, helperRunOptions, keyOfOutput, runApiKeyHelper } from './api-key-helper.js';
import type { ApiKeyHelper } from './api-key-helper.js';

const TTL_VARIABLE = 'CLAUDE_CODE_API_KEY_HELPER_TTL_MS';
export const DEFAULT_API_KEY_HELPER_TTL_MS = 5 * 60_000;

/** The time to live the environment sets, or Claude Code's default for a value that is not one. */
export function apiKeyHelperTtl(env: Readonly<Record<string, string | undefined>>): number {
  const raw = env[TTL_VARIABLE]?.trim();
  if (raw === undefined || !/^\d+$/.test(raw)) return DEFAULT_API_KEY_HELPER_TTL_MS;
  return Number(raw);
}

export class ApiKeyHelperSource implements ApiKeySource {
  private key: string;
  private gotAt: number;
  private running: Promise<string> | undefined;
  private readonly ttl: number;

  /** Runs the helper once now (a failure stops the start with its sentence). */
  constructor(
    private readonly helper: ApiKeyHelper,
    private readonly cwd: string,
    private readonly env: Readonly<Record<string, string | undefined>>,
    private readonly now: () => number = Date.now,
  ) {
    this.key = runApiKeyHelper(helper, cwd, env);
    this.gotAt = now();
    this.ttl = apiKeyHelperTtl(env);
  }

  /** The key the start got, for the provider to be built with. */
  get first(): string {
    return this.key;
  }

  current(): Promise<string> {
    if (this.running) return this.running;
    if (this.now() - this.gotAt < this.ttl) return Promise.resolve(this.key);
    return this.run();
  }

  renew(refused: string): Promise<string> {
    if (this.running) return this.running;
    if (this.key !== refused) return Promise.resolve(this.key);
    return this.run();
  }

  private run(): Promise<string> {
    const running = new Promise<string>((resolve, reject) => {
      childProcess().execFile(
        '/bin/sh',
        ['-c', this.helper.command],
        helperRunOptions(this.cwd, this.env),
        (error, stdout, stderr) => {
          if (error) reject(helperFailure(this.helper, stderr.trim() !== '' ? { stderr } : error));
          else resolve(stdout);
        },
      );
    })
      .then((output) => keyOfOutput(this.helper, output))
      .then(
        (key) => {
          this.key = key;
          this.gotAt = this.now();
          this.running = undefined;
          return key;
        },
        (error: unknown) => {
          this.running = undefined;
          throw error;
        },
      );
    this.running = running;
    return running;
  }
}
