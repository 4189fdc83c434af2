// The version printed by `wave --version`, read from this package's package.json. The file sits
// two levels above both src/cli/ (run from source) and dist/cli/ (built), so one path serves both.
import { readFileSync } from 'node:fs';

export function packageVersion(): string {
  const manifest: unknown = JSON.parse(
    readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
  );
  if (
    typeof manifest === 'object' &&
    manifest !== null &&
    'version' in manifest &&
    typeof manifest.version === 'string'
  ) {
    return manifest.version;
  }
  throw new Error('The package.json of @wave-agent/code has no "version"; reinstall wave.');
}
