// How every UI reads `/model NAME [--save|--project]`: the model's name, and where the user asked
// to keep it (--project wins over --save when both are typed).

export interface ModelArguments {
  /** The name without the flags; empty when only flags (or nothing) were typed. */
  readonly name: string;
  readonly save: 'user' | 'project' | undefined;
}

const FLAG = /(?:^|\s)--(save|project)(?=\s|$)/g;

export function parseModelArguments(args: string): ModelArguments {
  const flags = [...args.matchAll(FLAG)].map((match) => match[1]);
  const name = args.replace(FLAG, ' ').trim();
  const save = flags.includes('project') ? 'project' : flags.includes('save') ? 'user' : undefined;
  return { name, save };
}
