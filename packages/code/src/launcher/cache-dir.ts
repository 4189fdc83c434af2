// Where the published launcher keeps its code cache: the user's cache folder, as each system
// names it ($XDG_CACHE_HOME or ~/.cache, ~/Library/Caches, %LOCALAPPDATA%), never the work
// folder or the install folder (which the user may not be able to write).
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

export function codeCacheDir(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string | undefined {
  const xdg = env.XDG_CACHE_HOME;
  const local = env.LOCALAPPDATA;
  const root =
    xdg !== undefined && isAbsolute(xdg)
      ? xdg
      : platform === 'win32' && local !== undefined && isAbsolute(local)
        ? local
        : home === '' || !isAbsolute(home)
          ? undefined
          : platform === 'darwin'
            ? join(home, 'Library', 'Caches')
            : platform === 'win32'
              ? join(home, 'AppData', 'Local')
              : join(home, '.cache');
  return root === undefined ? undefined : join(root, 'wave', 'code-cache');
}
