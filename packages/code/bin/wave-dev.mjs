// The development launcher behind `pnpm wave`: runs src/bin.ts from source, no build needed.
// It must be started with `node --conditions=@wave-agent/source` (the root package.json does),
// so workspace packages resolve to their TypeScript sources too.
import { register } from 'tsx/esm/api';
import { ensureWebUiBuilt } from './ensure-web-ui.mjs';
import { fileURLToPath } from 'node:url';

const SOURCE_CONDITION = '@wave-agent/source';
// As --conditions=X, -C=X or "-C X", on the command line or in NODE_OPTIONS.
const nodeFlags = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
if (!nodeFlags.some((flag) => flag.endsWith(SOURCE_CONDITION))) {
  process.stderr.write(
    `wave-dev: start me with node --conditions=${SOURCE_CONDITION} (pnpm wave does), so workspace packages load from source.\n`,
  );
  process.exit(2);
}

// tsx reads the tsconfig of the current directory by default; name ours (JSX settings) before
// moving to the user's directory.
register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });

// pnpm runs a script where its package.json is (here the repo root) and passes the directory
// the user typed `pnpm wave` in as INIT_CWD: Wave works there.
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);

// `wave web` serves the built chat UI: build it first when it is missing or older than its sources.
if (process.argv.slice(2).includes('web')) ensureWebUiBuilt();

await import('../src/bin.ts');
