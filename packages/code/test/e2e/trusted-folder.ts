// Marks a folder as trusted by the user with the given requests (`permissionMode=…`,
// `allowedTools=…`, `provider=…`, `baseURL=…`), as answering wave's trust question does.
import { realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function trustFolder(waveHome: string, folder: string, granted: readonly string[]): void {
  writeFileSync(
    join(waveHome, 'trusted-folders.json'),
    JSON.stringify({
      version: 1,
      folders: { [realpathSync(folder)]: { trustedAt: 1, granted } },
    }),
  );
}
