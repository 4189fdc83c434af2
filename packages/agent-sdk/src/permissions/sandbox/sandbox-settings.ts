// The `sandbox` setting: whether commands (Bash, background commands, `!` commands, hooks that
// ask for it) run in the operating system's sandbox, and what it lets them reach beyond the work
// folder and the session's temp folder.

export interface SandboxSettings {
  readonly enabled: boolean;
  /**
   * On because no flag or settings file said otherwise (the default where Wave has a sandbox):
   * where it cannot run, it is off (the status says why and how to fix it) and commands are asked
   * about as without one, rather than refused until the user agrees to run them outside.
   */
  readonly byDefault?: boolean;
  /** Commands may use the network (off: a network namespace of their own, loopback only). */
  readonly network?: boolean;
  /** Folders or files commands may write, besides the work folder and the session's temp folder. */
  readonly allowWrite?: readonly string[];
  /** Credential paths commands may read after all (they are hidden otherwise). */
  readonly allowRead?: readonly string[];
  /**
   * Unix sockets (or folders of them) commands may connect to after all: the ones in /tmp, in
   * /run/user and $XDG_RUNTIME_DIR, the SSH agent's and the container engines' are hidden.
   */
  readonly allowUnixSockets?: readonly string[];
  /**
   * Sandboxed commands run without a question (Claude Code's `autoAllowBashIfSandboxed`, true
   * when absent); false: they still run in the sandbox, and are asked about as outside it.
   */
  readonly autoAllow?: boolean;
  /** Commands that run outside the sandbox, and are asked about (`excludedCommands`). */
  readonly excludedCommands?: readonly string[];
}

export const SANDBOX_OFF: SandboxSettings = Object.freeze({ enabled: false });

/**
 * Files and folders under the home folder that hold keys, tokens and passwords: hidden from
 * sandboxed commands unless listed in `allowRead`. Wave's own home is hidden too (sessions, keys).
 */
export const CREDENTIAL_PATHS: readonly string[] = [
  '.ssh',
  '.aws',
  '.config',
  '.gnupg',
  '.azure',
  '.kube',
  '.docker',
  '.netrc',
  '.git-credentials',
  '.npmrc',
  '.pypirc',
  '.password-store',
  '.local/share/keyrings',
  '.terraform.d',
  '.vault-token',
];
