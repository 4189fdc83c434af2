// /doctor's checks as data, from facts gathered elsewhere (doctor-command.ts, the host's
// settings report): each check is a name, what was found, and — when something is wrong — one
// sentence that says what and how to fix it. Pure, so every verdict is tested without the machine
// having to be broken. The text is one line a check, a mark in front, the problem under it.
import type { SandboxProbe } from '@wave-agent/agent-sdk';
import type { McpServerStatus, SandboxStatus, SessionModel } from '@wave-agent/shared-protocol';

export interface DoctorCheck {
  readonly name: string;
  readonly found: string;
  /** What is wrong and the fix, one sentence; absent when all is well. */
  readonly problem?: string;
  /** Worth knowing but not wrong (the sandbox off, a settings warning). */
  readonly note?: boolean;
}

export interface DoctorFacts {
  readonly version: string;
  /** process.versions.node, e.g. "22.11.0". */
  readonly node: string;
  readonly platform: string;
  readonly arch: string;
  /** `git --version`'s line, or undefined when git is not on PATH. */
  readonly git: string | undefined;
  readonly probe: SandboxProbe;
  readonly sandbox: SandboxStatus | undefined;
  readonly model: SessionModel;
  readonly mcpServers: readonly McpServerStatus[];
}

/** package.json's `engines.node`: the oldest Node Wave runs on. */
export const LEAST_NODE = { major: 20, minor: 19 } as const;

function nodeCheck(version: string): DoctorCheck {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const old = major < LEAST_NODE.major || (major === LEAST_NODE.major && minor < LEAST_NODE.minor);
  const least = `${LEAST_NODE.major}.${LEAST_NODE.minor}`;
  return {
    name: 'Node',
    found: `${version} (Wave needs ${least} or later)`,
    ...(old
      ? {
          problem: `Node ${version} is older than Wave needs: install Node ${least} or later (nodejs.org, or \`nvm install 22\`).`,
        }
      : {}),
  };
}

function gitCheck(git: string | undefined): DoctorCheck {
  if (git !== undefined) return { name: 'git', found: git };
  return {
    name: 'git',
    found: 'not found on PATH',
    problem:
      'git is not on PATH, so the model cannot read history or diffs with it: install git (e.g. `sudo apt-get install git`, or `xcode-select --install` on macOS).',
  };
}

function sandboxCheck(status: SandboxStatus | undefined, probe: SandboxProbe): DoctorCheck {
  const program = probe.ok ? `${probe.program} at ${probe.path} runs` : undefined;
  if (status?.state === 'unavailable')
    return {
      name: 'Sandbox',
      found: 'on, but it cannot run here',
      problem: status.problem ?? (probe.ok ? 'The sandbox could not start.' : probe.problem),
    };
  if (status?.state === 'on')
    return { name: 'Sandbox', found: `on: commands run in it${program ? ` (${program})` : ''}` };
  return {
    name: 'Sandbox',
    found: program
      ? `off: commands run with all your permissions; ${program}, so --sandbox would confine them`
      : `off: commands run with all your permissions (nor could it run here: ${probe.ok ? '' : (probe.program ?? 'this platform has no sandbox program')} is not usable)`,
    note: true,
  };
}

/** Whether a session's provider needs a key, and so had one to start (agent-sdk refuses otherwise). */
const KEY_WORDS: Readonly<Record<SessionModel['provider'], string>> = {
  anthropic: 'its API key is set (never shown)',
  google: 'its API key is set (never shown)',
  openai: 'an API key or a local server address is set (never shown)',
  vertex: 'it uses your Google Cloud credentials',
  demo: '',
};

function modelCheck(model: SessionModel): DoctorCheck {
  if (model.provider === 'demo')
    return {
      name: 'Model',
      found: 'the offline demo (no provider configured)',
      problem:
        'No model is configured, so the offline demo answers: set WAVE_API_KEY (or ANTHROPIC_API_KEY / OPENAI_API_KEY) and start Wave again, or put "apiKey" in $WAVE_HOME/settings.json.',
    };
  const why = model.reason ? ` (${model.reason})` : '';
  return {
    name: 'Model',
    found: `${model.provider} ${model.model}${why}; ${KEY_WORDS[model.provider]}`,
  };
}

function mcpChecks(servers: readonly McpServerStatus[]): DoctorCheck[] {
  if (servers.length === 0) return [{ name: 'MCP', found: 'no servers configured' }];
  return servers.map((server) => {
    const found = `${server.name} (${server.transport}): ${server.state}${server.state === 'connected' ? `, ${server.tools.length} tool${server.tools.length === 1 ? '' : 's'}` : ''}`;
    if (server.state !== 'failed') return { name: 'MCP', found };
    return {
      name: 'MCP',
      found,
      problem: `${server.reason ?? `The MCP server ${server.name} failed to start.`} Fix its entry (\`wave mcp list\` shows where it is), then /mcp restart ${server.name}.`,
    };
  });
}

export function doctorChecks(facts: DoctorFacts): DoctorCheck[] {
  return [
    { name: 'Wave', found: facts.version },
    nodeCheck(facts.node),
    { name: 'Platform', found: `${facts.platform} ${facts.arch}` },
    gitCheck(facts.git),
    sandboxCheck(facts.sandbox, facts.probe),
    modelCheck(facts.model),
    ...mcpChecks(facts.mcpServers),
  ];
}

const NAME_WIDTH = 9;

/** The checks as lines: `✓ Node      22.11.0 …`, a problem as `✗` with its sentence under it. */
export function doctorLines(checks: readonly DoctorCheck[]): string[] {
  return checks.flatMap((check) => {
    const mark = check.problem !== undefined ? '✗' : check.note ? '·' : '✓';
    const line = `${mark} ${check.name.padEnd(NAME_WIDTH)} ${check.found}`;
    return check.problem !== undefined ? [line, `    → ${check.problem}`] : [line];
  });
}

export function hasProblem(checks: readonly DoctorCheck[]): boolean {
  return checks.some((check) => check.problem !== undefined);
}
