// wave-claude's command line: what the Claude Agent SDK passes to the Claude Code executable
// (docs: ../../../../README.md, "Apps written with the Claude Agent SDK"). The protocol's own
// flags are taken here; the options Wave's print mode already knows (--model, --max-turns,
// --permission-mode, --allowedTools, --disallowedTools, --resume, --fork-session, --settings,
// --setting-sources, --fallback-model, --max-budget-usd, …) go on to its parser with Claude Code's
// meaning. A flag of Claude Code that Wave does not have is said on
// stderr and left out, so an app that sets an option Wave lacks still runs.
import { UsageError } from '../cli/usage-error.js';

export interface HeadlessArgs {
  /** --include-partial-messages: stream_event messages with the model's raw stream events. */
  readonly partialMessages: boolean;
  /** --permission-prompt-tool=stdio: permission questions go to the app (can_use_tool). */
  readonly askApp: boolean;
  /** The rest, for print mode's parser (parse-cli-args.ts). */
  readonly printArgs: readonly string[];
  /** Flags left out, each with why, for stderr. */
  readonly ignored: readonly string[];
}

/** Claude Code flags with a value that Wave does not take (the SDK's source can pass these). */
const IGNORED_WITH_VALUE = new Set([
  // wave -p has it; wave-claude does not yet put the checked answer in its result message.
  '--json-schema',
  '--thinking',
  '--thinking-display',
  '--max-thinking-tokens',
  '--task-budget',
  '--managed-settings',
  '--agent',
  '--plugin-dir',
  '--plugin-dir-no-mcp',
  '--betas',
  '--debug-file',
  '--resume-session-at',
  '--initialize-fields',
  '--permission-prompts',
  '--channels',
]);
const IGNORED_SWITCHES = new Set([
  '--await-initialize',
  '--include-hook-events',
  '--replay-user-messages',
  '--debug',
  '--debug-to-stderr',
  '--managed-settings-in-initialize',
  // bypassPermissions itself is --permission-mode's; this only lets Claude Code switch to it.
  '--allow-dangerously-skip-permissions',
]);

function nameAndValue(arg: string): { name: string; value: string | undefined } {
  const equals = arg.indexOf('=');
  return equals === -1
    ? { name: arg, value: undefined }
    : { name: arg.slice(0, equals), value: arg.slice(equals + 1) };
}

export function parseHeadlessArgs(argv: readonly string[]): HeadlessArgs {
  let outputFormat: string | undefined;
  let inputFormat: string | undefined;
  let partialMessages = false;
  let askApp = false;
  const printArgs: string[] = [];
  const ignored: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] ?? '';
    const { name, value: inline } = nameAndValue(arg);
    const takeValue = (): string | undefined => {
      if (inline !== undefined) return inline;
      index++;
      return argv[index];
    };
    if (name === '--output-format') outputFormat = takeValue();
    else if (name === '--input-format') inputFormat = takeValue();
    else if (name === '--verbose' || name === '--print' || name === '-p') continue;
    else if (name === '--include-partial-messages') partialMessages = true;
    else if (name === '--permission-prompt-tool') {
      const tool = takeValue();
      if (tool !== 'stdio')
        throw new UsageError(
          `--permission-prompt-tool ${tool ?? ''} is not supported; wave-claude asks the app itself with --permission-prompt-tool=stdio (the SDK's canUseTool).`,
        );
      askApp = true;
    } else if (IGNORED_WITH_VALUE.has(name)) {
      takeValue();
      ignored.push(`${name} is not supported by wave-claude; it is ignored.`);
    } else if (IGNORED_SWITCHES.has(name)) {
      ignored.push(`${name} is not supported by wave-claude; it is ignored.`);
    } else printArgs.push(arg);
  }
  if (outputFormat !== 'stream-json' || inputFormat !== 'stream-json')
    throw new UsageError(
      'Claude Code\'s headless protocol (wave-claude, and wave -p --input-format stream-json) takes --output-format stream-json --input-format stream-json together (the Claude Agent SDK passes both); for one prompt, use wave -p "PROMPT".',
    );
  return { partialMessages, askApp, printArgs, ignored };
}
