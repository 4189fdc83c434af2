// compactParams while the input is still streaming: parse the partial JSON and ask the tool for
// its one-line form. Parsing the whole input on every delta would make long inputs (a Write of a
// large file) quadratic, so past a small size the input is re-parsed only each time it doubles.
import { Allow, parse } from 'partial-json';
import type { ToolDefinition } from '../tools/tool.js';

const ALWAYS_PARSE_BELOW = 2048;

export class CompactParamsTracker {
  private nextParseAt = 0;
  private last: string | undefined;

  constructor(
    private readonly tool: ToolDefinition<unknown> | undefined,
    private readonly workdir: string,
  ) {}

  /**
   * The new compact form when it changed, else undefined. `length` is the input's length so far;
   * `text` is only read when this update parses.
   */
  update(length: number, text: () => string): string | undefined {
    if (!this.tool || length < this.nextParseAt) return undefined;
    if (length >= ALWAYS_PARSE_BELOW) this.nextParseAt = length * 2;
    return this.changed(compactOf(this.tool, parsePartial(text()), this.workdir));
  }

  /** The compact form of the complete input. */
  final(input: unknown): string | undefined {
    if (!this.tool) return this.last;
    return this.changed(compactOf(this.tool, input, this.workdir)) ?? this.last;
  }

  get current(): string | undefined {
    return this.last;
  }

  private changed(next: string | undefined): string | undefined {
    if (next === undefined || next === this.last) return undefined;
    this.last = next;
    return next;
  }
}

function parsePartial(text: string): unknown {
  try {
    return parse(text, Allow.ALL);
  } catch {
    return undefined;
  }
}

function compactOf(
  tool: ToolDefinition<unknown>,
  input: unknown,
  workdir: string,
): string | undefined {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return undefined;
  try {
    // compact() accepts partial input by contract: every field may be missing or cut short.
    const compact = tool.compact(input, workdir);
    return compact?.trim() ? compact : undefined;
  } catch {
    return undefined;
  }
}
