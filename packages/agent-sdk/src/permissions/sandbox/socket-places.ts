// Unix sockets reach past a read-only mount and a cut network (connect() needs neither write
// access nor the network namespace), so a sandboxed command could drive the SSH agent, the
// session bus or a container engine as the user. The places that hold the user's sockets are
// hidden unless `allowUnixSockets` names them; /tmp is the session's own (bwrap-arguments.ts).
import { statSync } from 'node:fs';
import { isInside, realOrUndefined } from './sandbox-paths.js';
import type { HiddenPath } from './sandbox-layout.js';

/** Container engines' sockets: reaching one is being root on the machine. */
const ENGINE_SOCKETS: readonly string[] = [
  '/run/docker.sock',
  '/var/run/docker.sock',
  '/run/podman/podman.sock',
];

/** The socket places that exist here, less those `allowed` (real paths) names or holds. */
export function socketPlaces(
  env: Readonly<Record<string, string | undefined>>,
  allowed: readonly string[],
): HiddenPath[] {
  const candidates = [
    '/run/user',
    env.XDG_RUNTIME_DIR,
    env.SSH_AUTH_SOCK,
    ...ENGINE_SOCKETS,
  ].flatMap((path) => (path !== undefined && path !== '' ? [path] : []));
  const places: HiddenPath[] = [];
  for (const candidate of candidates) {
    const path = realOrUndefined(candidate);
    if (path === undefined || places.some((known) => isInside(path, known.path))) continue;
    // The session's own /tmp covers the host's already.
    if (isInside(path, '/tmp')) continue;
    if (allowed.some((folder) => isInside(path, folder))) continue;
    places.push({ path, isDirectory: statSync(path).isDirectory() });
  }
  return places;
}
