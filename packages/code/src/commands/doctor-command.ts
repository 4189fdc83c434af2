// /doctor: what this machine and this session look like to Wave, and what to fix. The process's
// facts are gathered here (the command runs in Wave's process in the terminal and under ACP):
// the version, Node, git, whether the sandbox program can run (agent-sdk's own probe); the
// session's from its state (the sandbox as it stands, the model, the MCP servers); the settings
// files from the host, which knows where they are. Verdicts are doctor-checks.ts's.
import { execFile } from 'node:child_process';
import { probeSandbox } from '@wave-agent/agent-sdk';
import { SLASH_COMMANDS } from '@wave-agent/shared-protocol';
import { packageVersion } from '../cli/package-version.js';
import type { SlashCommand } from './command-context.js';
import { doctorChecks, doctorLines, hasProblem } from './doctor-checks.js';

const GIT_TIMEOUT_MS = 5_000;

/** `git --version`'s line, or undefined when git cannot be run. */
export function gitVersion(env: NodeJS.ProcessEnv = process.env): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('git', ['--version'], { env, timeout: GIT_TIMEOUT_MS }, (error, stdout) =>
      resolve(error ? undefined : stdout.trim().split('\n')[0]),
    );
  });
}

export const doctorCommand: SlashCommand = {
  ...SLASH_COMMANDS.doctor,
  async run(context) {
    const snapshot = context.session.getSnapshot();
    const [git, probe, settings] = await Promise.all([
      gitVersion(),
      probeSandbox(process.platform, process.env),
      context.askHost('doctor', ''),
    ]);
    const checks = doctorChecks({
      version: packageVersion(),
      node: process.versions.node,
      platform: process.platform,
      arch: process.arch,
      git,
      probe,
      sandbox: snapshot.sandbox,
      model: snapshot.model,
      mcpServers: snapshot.mcpServers,
    });
    const settingsLines =
      settings === false
        ? ['· Settings  not checked: this window has no host that reads the settings files']
        : [settings.message ?? ''];
    const problems = hasProblem(checks) || (settings !== false && settings.level === 'warning');
    context.print(
      [
        'Wave doctor',
        ...doctorLines(checks),
        ...settingsLines,
        '',
        problems ? 'Each ✗ says what is wrong and how to fix it.' : 'No problems found.',
      ].join('\n'),
    );
  },
};
