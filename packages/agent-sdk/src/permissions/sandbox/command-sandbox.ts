// The session's sandbox: whether it is on and can run here (probed once), the session's temp
// folder, the user's agreement to run outside it when it cannot, and the launchers that spawn
// commands accordingly. The status is session state (`sandboxStatusChanged`), so every host
// shows it.
import { childProcess } from '../../work/child-process.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SandboxStatus } from '@wave-agent/shared-protocol';
import { bwrapArguments, SANDBOX_TMP } from './bwrap-arguments.js';
import type { CommandLauncher, LaunchOptions } from './command-launcher.js';
import { SandboxUnavailableError, UNSANDBOXED, withVariables } from './command-launcher.js';
import { sandboxLayout } from './sandbox-layout.js';
import type { SandboxProbe } from './sandbox-probe.js';
import { probeSandbox } from './sandbox-probe.js';
import type { SandboxSettings } from './sandbox-settings.js';
import { withoutCredentials } from '../../model/credential-variables.js';
import { seatbeltProfile } from './seatbelt-profile.js';
import { isExcludedCommand } from './excluded-commands.js';

export interface CommandSandboxOptions {
  readonly settings: SandboxSettings;
  readonly workdir: string;
  readonly waveHome: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** More variables that hold a key (the configured models' `apiKeyEnv`): not passed in. */
  readonly keyVariables?: readonly string[];
  /** Variables the settings' `env` gives every command, in the sandbox or not. */
  readonly commandVariables?: Readonly<Record<string, string>>;
  readonly platform?: NodeJS.Platform;
  /** Told every change of status (the Agent emits `sandboxStatusChanged`). */
  readonly onStatus?: (status: SandboxStatus) => void;
}

export interface LauncherRequest {
  /** The user agreed to run this one command outside the sandbox. */
  readonly outside?: boolean;
  /** Asks the user whether to run a command that the sandbox made fail once outside it. */
  readonly askToRunOutside?: (reason: string) => Promise<boolean>;
}

export class CommandSandbox {
  private probe: Promise<SandboxProbe> | undefined;
  private probed: SandboxProbe | undefined;
  private agreedOutside = false;
  private tempFolder: string | undefined;

  constructor(private readonly options: CommandSandboxOptions) {
    // On only by default, it is probed when the first command needs it: a session that runs no
    // command (most of print mode's) starts no process to find out.
    if (!options.settings.enabled || options.settings.byDefault === true) {
      options.onStatus?.(this.status);
      return;
    }
    void this.startProbe();
  }

  private startProbe(): Promise<SandboxProbe> {
    this.probe ??= probeSandbox(
      this.options.platform ?? process.platform,
      this.env,
      this.options.settings.byDefault === true,
    ).then((probe) => {
      this.probed = probe;
      this.options.onStatus?.(this.status);
      return probe;
    });
    return this.probe;
  }

  /** On, unless it was on only by default and cannot run here (known once probed). */
  get enabled(): boolean {
    return this.options.settings.enabled && !this.offHere;
  }

  /** On by default, and the probe said it cannot run on this machine. */
  private get offHere(): boolean {
    const probe = this.probed;
    return this.options.settings.byDefault === true && probe !== undefined && !probe.ok;
  }

  /** Whether a sandboxed command may run without a question (`autoAllowBashIfSandboxed`). */
  get autoAllow(): boolean {
    return this.options.settings.autoAllow !== false;
  }

  /** Whether this command runs outside the sandbox by the settings' `excludedCommands`. */
  async excludes(command: string): Promise<boolean> {
    if (!this.enabled) return false;
    return isExcludedCommand(command, this.options.settings.excludedCommands ?? []);
  }

  get network(): boolean {
    return this.options.settings.network === true;
  }

  /** Resolves once it is known whether the sandbox can run here. */
  async ready(): Promise<void> {
    if (this.options.settings.enabled) await this.startProbe();
  }

  get status(): SandboxStatus {
    const { settings } = this.options;
    const base = {
      network: settings.network === true,
      allowWrite: settings.allowWrite ?? [],
      allowRead: settings.allowRead ?? [],
    };
    if (!settings.enabled) return { state: 'off', ...base };
    const probe = this.probed;
    if (this.offHere && probe !== undefined && !probe.ok)
      return { state: 'off', ...base, problem: probe.problem };
    if (probe === undefined || probe.ok) {
      return {
        state: 'on',
        ...(probe?.ok ? { program: probe.program } : {}),
        ...base,
        ...(this.tempFolder !== undefined ? { tempFolder: this.tempFolder } : {}),
      };
    }
    return {
      state: 'unavailable',
      ...(probe.program !== undefined ? { program: probe.program } : {}),
      ...base,
      problem: probe.problem,
      ...(this.agreedOutside ? { runsOutside: true } : {}),
    };
  }

  /** The sentence with the fix while the sandbox is on but cannot run and the user has not agreed. */
  get unavailableProblem(): string | undefined {
    const probe = this.probed;
    if (!this.enabled || probe === undefined || probe.ok || this.agreedOutside) return undefined;
    return probe.problem;
  }

  /** The user agreed to run commands outside the (unavailable) sandbox for the rest of the session. */
  agreeToRunOutside(): void {
    if (this.agreedOutside) return;
    this.agreedOutside = true;
    this.options.onStatus?.(this.status);
  }

  /** The spawn wrapper for one run, with the settings' variables. */
  async launcher(request: LauncherRequest = {}): Promise<CommandLauncher> {
    return withVariables(await this.bareLauncher(request), this.options.commandVariables ?? {});
  }

  private async bareLauncher(request: LauncherRequest): Promise<CommandLauncher> {
    await this.ready();
    const probe = this.probed;
    if (!this.enabled || probe === undefined) return UNSANDBOXED;
    // The sandbox is on, and this command runs outside it: the user agreed.
    const outside: CommandLauncher = { ...UNSANDBOXED, sandboxOn: true };
    if (request.outside === true) return outside;
    if (!probe.ok) {
      if (this.agreedOutside) return outside;
      return {
        sandboxed: false,
        sandboxOn: true,
        spawn: () => {
          throw new SandboxUnavailableError(probe.problem);
        },
      };
    }
    return {
      sandboxed: true,
      sandboxOn: true,
      network: this.network,
      spawn: (file, args, options) => this.spawnInside(probe, file, args, options),
      ...(request.askToRunOutside ? { askToRunOutside: request.askToRunOutside } : {}),
      outside: () => outside,
    };
  }

  /** Removes the session's temp folder. */
  close(): void {
    if (this.tempFolder === undefined) return;
    rmSync(this.tempFolder, { recursive: true, force: true });
    this.tempFolder = undefined;
  }

  private get env(): Readonly<Record<string, string | undefined>> {
    return this.options.env ?? process.env;
  }

  private sessionTempFolder(): string {
    if (this.tempFolder === undefined) {
      this.tempFolder = mkdtempSync(join(tmpdir(), 'wave-sandbox-'));
      this.options.onStatus?.(this.status);
    }
    return this.tempFolder;
  }

  private spawnInside(
    probe: Extract<SandboxProbe, { ok: true }>,
    file: string,
    args: readonly string[],
    options: LaunchOptions,
  ) {
    const tempFolder = this.sessionTempFolder();
    const home = this.env.HOME ?? homedir();
    const layout = sandboxLayout(this.options.settings, {
      workdir: options.cwd,
      tempFolder,
      waveHome: this.options.waveHome,
      home,
      env: this.env,
    });
    // No keys inside: not in the command's environment, nor in bwrap's (whose /proc/<pid>/environ
    // the command could read); Wave's own process is outside the sandbox's PID namespace.
    const env = {
      ...withoutCredentials(options.env ?? process.env, this.options.keyVariables),
      TMPDIR: probe.program === 'bwrap' ? SANDBOX_TMP : tempFolder,
    };
    const spawnOptions = { ...options, env };
    if (probe.program === 'bwrap') {
      return childProcess().spawn(
        probe.path,
        [...bwrapArguments(layout), '--', file, ...args],
        spawnOptions,
      );
    }
    return childProcess().spawn(
      probe.path,
      ['-p', seatbeltProfile(layout), file, ...args],
      spawnOptions,
    );
  }
}
