// The lines a session file's reader skipped, told as one sentence per run of neighbouring lines:
// one damaged line is one notice, and so are the 200 continuation lines a damaged line may cost
// in a format 2 file, naming the range instead of each line.

interface Group {
  readonly first: number;
  last: number;
  readonly reason: string;
}

/** The groups of consecutive lines of a run that share a reason, as many as a notice names. */
const GROUPS_NAMED = 3;

export class SkippedLines {
  /** Runs of consecutive skipped lines; each run is its groups, in line order. */
  private readonly runs: Group[][] = [];
  private tornLast = false;

  constructor(private readonly path: string) {}

  /** Line `line` (counted from 1) was skipped; `reason` reads after "line N:". */
  add(line: number, reason: string): void {
    const run = this.runs.at(-1);
    const group = run?.at(-1);
    if (!run || !group || group.last !== line - 1) {
      this.runs.push([{ first: line, last: line, reason }]);
    } else if (group.reason === reason) {
      group.last = line;
    } else {
      run.push({ first: line, last: line, reason });
    }
  }

  /** The last line was cut off: Wave was stopped while writing it. */
  torn(): void {
    this.tornLast = true;
  }

  sentences(): string[] {
    const sentences = this.runs.map((run) => this.sentence(run));
    if (this.tornLast)
      sentences.push(
        `The last line of ${this.path} was cut off (Wave was stopped while writing it); it was skipped.`,
      );
    return sentences;
  }

  private sentence(run: readonly Group[]): string {
    const first = run[0]!.first;
    const last = run.at(-1)!.last;
    if (run.length === 1)
      return `${span(first, last, true)} of ${this.path} ${skipped(first, last)}: ${run[0]!.reason}.`;
    const named = run
      .slice(0, GROUPS_NAMED)
      .map((group) => `${span(group.first, group.last, false)}: ${group.reason}`);
    const others = run
      .slice(GROUPS_NAMED)
      .reduce((lines, group) => lines + group.last - group.first + 1, 0);
    if (others > 0) named.push(`${others} more for other reasons`);
    return `${span(first, last, true)} of ${this.path} ${skipped(first, last)} (${last - first + 1} lines); ${named.join('; ')}.`;
  }
}

function span(first: number, last: number, capital: boolean): string {
  const word = first === last ? 'line' : 'lines';
  const named = capital ? `${word[0]!.toUpperCase()}${word.slice(1)}` : word;
  return first === last ? `${named} ${first}` : `${named} ${first}–${last}`;
}

function skipped(first: number, last: number): string {
  return first === last ? 'was skipped' : 'were skipped';
}
