// A project's `sandbox` setting and workspace trust. A project may turn the sandbox on and keep
// the network cut freely (that only takes power away); turning it off, opening the network, or
// letting commands write, read or connect to more are requests that need trust (DESIGN §5). A request that
// would change nothing — the flag decides, the user's own settings say the same, or the sandbox
// is off anyway — is not made.
import type { ProjectRequest } from '@wave-agent/agent-sdk';
import type { LoadedSettings } from './load-settings.js';
import { projectRequest as request } from './project-request.js';
import { sandboxOnByDefault } from './sandbox-default.js';
import type { StrongerChoices } from './project-request.js';
import type { SandboxSetting } from './sandbox-setting.js';

/** Whether the sandbox is on before the project's words that need trust. */
function onWithoutTrust(loaded: LoadedSettings, stronger: StrongerChoices): boolean {
  if (stronger.sandbox !== undefined) return stronger.sandbox;
  if (loaded.project.sandbox?.enabled === true) return true;
  return loaded.user.sandbox?.enabled ?? sandboxOnByDefault(stronger.env);
}

export function sandboxRequests(
  loaded: LoadedSettings,
  stronger: StrongerChoices,
): ProjectRequest[] {
  const { user, project, projectPath } = loaded;
  const wanted = project.sandbox;
  if (wanted === undefined || !onWithoutTrust(loaded, stronger)) return [];
  const requests: ProjectRequest[] = [];
  if (wanted.enabled === false && stronger.sandbox === undefined)
    requests.push(
      request(projectPath, 'sandbox.enabled', 'false', 'run commands outside the sandbox'),
    );
  if (wanted.network === true && user.sandbox?.network !== true)
    requests.push(
      request(projectPath, 'sandbox.network', 'true', 'let sandboxed commands use the network'),
    );
  for (const path of new Set(wanted.allowWrite ?? []))
    if (!(user.sandbox?.allowWrite ?? []).includes(path))
      requests.push(
        request(projectPath, 'sandbox.allowWrite', path, `let sandboxed commands write ${path}`),
      );
  for (const path of new Set(wanted.allowRead ?? []))
    if (!(user.sandbox?.allowRead ?? []).includes(path))
      requests.push(
        request(projectPath, 'sandbox.allowRead', path, `let sandboxed commands read ${path}`),
      );
  for (const path of new Set(wanted.allowUnixSockets ?? []))
    if (!(user.sandbox?.allowUnixSockets ?? []).includes(path))
      requests.push(
        request(
          projectPath,
          'sandbox.allowUnixSockets',
          path,
          `let sandboxed commands connect to the socket ${path}`,
        ),
      );
  for (const entry of new Set(wanted.excludedCommands ?? []))
    if (!(user.sandbox?.excludedCommands ?? []).includes(entry))
      requests.push(
        request(
          projectPath,
          'sandbox.excludedCommands',
          entry,
          `run ${entry} outside the sandbox (asked about each time)`,
        ),
      );
  return requests;
}

/** The user's sandbox setting with what the project may change: freely what tightens, the rest as granted. */
export function trustedSandbox(
  loaded: LoadedSettings,
  granted: readonly ProjectRequest[],
): SandboxSetting | undefined {
  const { user, project } = loaded;
  const wanted = project.sandbox;
  if (wanted === undefined) return user.sandbox;
  const allowed = new Set(granted.map((given) => given.key));
  const may = (setting: string, value: string) => allowed.has(`sandbox.${setting}=${value}`);
  const own = user.sandbox ?? {};
  const enabled =
    wanted.enabled === true
      ? true
      : wanted.enabled === false && may('enabled', 'false')
        ? false
        : own.enabled;
  const network =
    wanted.network === false
      ? false
      : own.network === true || (wanted.network === true && may('network', 'true'));
  const allowWrite = [
    ...new Set([
      ...(own.allowWrite ?? []),
      ...(wanted.allowWrite ?? []).filter((path) => may('allowWrite', path)),
    ]),
  ];
  const allowRead = [
    ...new Set([
      ...(own.allowRead ?? []),
      ...(wanted.allowRead ?? []).filter((path) => may('allowRead', path)),
    ]),
  ];
  const allowUnixSockets = [
    ...new Set([
      ...(own.allowUnixSockets ?? []),
      ...(wanted.allowUnixSockets ?? []).filter((path) => may('allowUnixSockets', path)),
    ]),
  ];
  // Running outside the sandbox loosens it: a project's exclusions hold only as granted.
  const excludedCommands = [
    ...new Set([
      ...(own.excludedCommands ?? []),
      ...(wanted.excludedCommands ?? []).filter((entry) => may('excludedCommands', entry)),
    ]),
  ];
  // Asking about sandboxed commands only tightens: a project may ask for it freely.
  const autoAllow = wanted.autoAllow === false || own.autoAllow === false ? false : undefined;
  return {
    ...(enabled !== undefined ? { enabled } : {}),
    network,
    allowWrite,
    allowRead,
    ...(allowUnixSockets.length > 0 ? { allowUnixSockets } : {}),
    ...(excludedCommands.length > 0 ? { excludedCommands } : {}),
    ...(autoAllow !== undefined ? { autoAllow } : {}),
  };
}
