// What keeps docs/ARCHITECTURE.md true as a map: every folder of every package's `src/` is
// named in its §10 (and every folder named there exists), every repository path it names in
// backticks exists, and §5 names every part of the agent (each field of `AgentParts`, by its
// name or its class). Each problem is a sentence saying what to add or fix.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The folders that are not source: build output and installed packages. */
const NOT_SOURCE = new Set(['node_modules', 'dist', '.nx', 'out']);

/** Where the repository's files are looked for when the map names one. */
const TOPS = ['packages', 'tools', 'patches', 'docs'];

function childFolders(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !NOT_SOURCE.has(entry.name))
    .map((entry) => entry.name)
    .sort();
}

/** Every folder under each package's and tool's `src/`, as `packages/code/src/ui/render`. */
export function sourceFolders(root: string): string[] {
  const found: string[] = [];
  const walk = (folder: string): void => {
    for (const name of childFolders(folder)) {
      const path = join(folder, name);
      found.push(relative(root, path));
      walk(path);
    }
  };
  for (const group of ['packages', 'tools']) {
    if (!existsSync(join(root, group))) continue;
    for (const name of childFolders(join(root, group))) {
      const src = join(root, group, name, 'src');
      if (existsSync(src)) walk(src);
    }
  }
  return found;
}

/** The text of the section whose heading starts with `## ${mark}`, up to the next `## `. */
export function section(map: string, mark: string): string {
  const start = map.search(new RegExp(`^## ${mark}\\b`, 'm'));
  if (start < 0) return '';
  const rest = map.slice(start + 3);
  const end = rest.search(/^## /m);
  return end < 0 ? rest : rest.slice(0, end);
}

/** The folders §10 names: `- \`name/\`` items under `### packages/<pkg>/src` headings. */
export function mappedFolders(map: string): string[] {
  const folders: string[] = [];
  let base: string | undefined;
  for (const line of section(map, '§10').split('\n')) {
    const heading = /^### `?([\w./-]+\/src)`?\s*$/.exec(line);
    if (heading) base = heading[1];
    const item = /^- `([\w./-]+)\/`/.exec(line);
    if (item && base) folders.push(`${base}/${item[1]}`);
  }
  return folders;
}

/** Every file and folder (with a trailing `/`) of the repository's source, relative to root. */
function repositoryPaths(root: string): string[] {
  const paths: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (NOT_SOURCE.has(entry.name)) continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        paths.push(`${relative(root, path)}/`);
        walk(path);
      } else paths.push(relative(root, path));
    }
  };
  for (const top of TOPS) if (existsSync(join(root, top))) walk(join(root, top));
  for (const entry of readdirSync(root, { withFileTypes: true }))
    if (entry.isFile()) paths.push(entry.name);
  return paths;
}

/**
 * The paths the map names in backticks: a file of a known kind or a folder (a trailing `/`),
 * not a pattern (`<name>`, `*`), a variable (`$HOME`), a package name (`@scope/x`) or a build
 * output (`dist/`).
 */
export function namedPaths(map: string): string[] {
  const tokens = new Set([...map.matchAll(/`([^`\s]+)`/g)].map((match) => match[1] ?? ''));
  return [...tokens].filter(
    (token) =>
      /\.(ts|tsx|mjs|cjs|js|json|md|patch|css|yaml)$|.\/$/.test(token) &&
      !/[<>*$~@{}()]/.test(token) &&
      !token.startsWith('.') &&
      !token.startsWith('dist/'),
  );
}

/** The fields of `AgentParts` with the first type name of each (`hub` → `EventHub`). */
export function agentParts(partsSource: string): { name: string; type: string | undefined }[] {
  const body = /export interface AgentParts \{([\s\S]*?)\n\}/.exec(partsSource)?.[1] ?? '';
  return [...body.matchAll(/^\s*readonly (\w+): ([^;]+);/gm)].map((match) => ({
    name: match[1] ?? '',
    type: /[A-Z]\w*/.exec(match[2] ?? '')?.[0],
  }));
}

/** What is wrong with the map, one sentence each; none when it is true. */
export function mapProblems(root: string): string[] {
  const mapFile = join(root, 'docs/ARCHITECTURE.md');
  const map = readFileSync(mapFile, 'utf8');
  const problems: string[] = [];

  const onDisk = new Set(sourceFolders(root));
  const mapped = new Set(mappedFolders(map));
  for (const folder of onDisk)
    if (!mapped.has(folder))
      problems.push(
        `${folder}/ is a folder the map does not name: add a line for it in docs/ARCHITECTURE.md §10, under its package's heading, saying what it holds.`,
      );
  for (const folder of mapped)
    if (!onDisk.has(folder))
      problems.push(
        `docs/ARCHITECTURE.md §10 names ${folder}/, which is gone: take its line out (or name the folder that took its place).`,
      );

  const paths = repositoryPaths(root);
  for (const named of namedPaths(map))
    if (!paths.some((path) => path === named || path.endsWith(`/${named}`)))
      problems.push(
        `docs/ARCHITECTURE.md names \`${named}\`, and no file or folder of the repository has that path: say where it went, or take it out.`,
      );

  const parts = agentParts(
    readFileSync(join(root, 'packages/agent-sdk/src/agent/agent-parts.ts'), 'utf8'),
  );
  const agentSection = section(map, '§5');
  for (const { name, type } of parts)
    if (
      !agentSection.includes(`\`${name}\``) &&
      !(type !== undefined && agentSection.includes(`\`${type}\``))
    )
      problems.push(
        `The agent's part \`${name}\`${type ? ` (\`${type}\`)` : ''} is not named in docs/ARCHITECTURE.md §5: add a line saying what it is.`,
      );
  return problems;
}
