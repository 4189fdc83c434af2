// Injected into print mode's CommonJS bundle (scripts/bundle.mjs), where import.meta is not:
// the bundle file's own URL, as import.meta.url is in the ESM build's files.
import { pathToFileURL } from 'node:url';

// eslint-disable-next-line no-undef -- the CommonJS wrapper's own variable
export const __waveImportMetaUrl = pathToFileURL(__filename).href;
