// How well a path matches what the user typed after `@`, for the completion list. A path that
// starts with the query beats one whose file name does, which beats the query at a segment's
// start, which beats it anywhere; letters scattered along the path (`fzm` for fuzzy-match) come
// last, better when they fall on segment starts and run together. Shorter paths win ties.
// A small scorer rather than a library: the ordering rules above are the whole need, and it
// ranks 50,000 paths in a few milliseconds (`BENCH_ONLY=find-files pnpm bench`).

export interface Candidate {
  readonly path: string;
  /** `path` lowercased once, when the index is built. */
  readonly lower: string;
}

const BOUNDARY = new Set(['/', '.', '-', '_', ' ']);

const PREFIX = 4000;
const NAME_PREFIX = 3000;
const SEGMENT = 2000;
const SUBSTRING = 1000;

function nameStart(path: string): number {
  const end = path.endsWith('/') ? path.length - 1 : path.length;
  return path.lastIndexOf('/', end - 1) + 1;
}

/** Letters of the query in order along the path; undefined when they are not all there. */
function scatteredScore(query: string, lower: string): number | undefined {
  let score = 0;
  let at = 0;
  let previous = -2;
  for (const letter of query) {
    const found = lower.indexOf(letter, at);
    if (found === -1) return undefined;
    if (found === 0 || BOUNDARY.has(lower[found - 1] ?? '')) score += 30;
    if (found === previous + 1) score += 20;
    else score -= Math.min(found - at, 20);
    previous = found;
    at = found + 1;
  }
  return Math.min(score, SUBSTRING - 1);
}

/** The match's score (higher is better), or undefined when the path does not match. */
function matchScore(query: string, candidate: Candidate): number | undefined {
  const { path, lower } = candidate;
  const lengthPenalty = path.length / 100;
  if (query === '') {
    // Nothing typed yet: the top of the folder first.
    const depth = path.split('/').length - (path.endsWith('/') ? 1 : 0);
    return -depth * 10 - lengthPenalty;
  }
  const at = lower.indexOf(query);
  if (at !== -1) {
    const base =
      at === 0
        ? PREFIX
        : lower.startsWith(query, nameStart(lower))
          ? NAME_PREFIX
          : BOUNDARY.has(lower[at - 1] ?? '')
            ? SEGMENT
            : SUBSTRING;
    return base - lengthPenalty;
  }
  const scattered = scatteredScore(query, lower);
  return scattered === undefined ? undefined : scattered - lengthPenalty;
}

/** The best `limit` candidates for the query, best first. */
export function bestMatches<T extends Candidate>(
  query: string,
  candidates: readonly T[],
  limit: number,
): T[] {
  const wanted = query.trim().toLowerCase();
  const scored: { candidate: T; score: number }[] = [];
  for (const candidate of candidates) {
    const score = matchScore(wanted, candidate);
    if (score !== undefined) scored.push({ candidate, score });
  }
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      (a.candidate.path < b.candidate.path ? -1 : a.candidate.path > b.candidate.path ? 1 : 0),
  );
  return scored.slice(0, limit).map(({ candidate }) => candidate);
}
