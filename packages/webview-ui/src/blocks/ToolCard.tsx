// A tool call as a card: its name and live compact parameters, its stage, the command or the
// file change it makes, a subagent's nested conversation (the Task tool), its output streaming
// while it runs (the last lines; the whole output a click away at the end), and its error.
import { HookRunList } from './HookRunView.js';
import type { ToolBlock } from '@wave-agent/shared-protocol';
import { memo } from 'react';
import { FileChangeView } from './FileChangeView.js';
import { SandboxBadge } from './SandboxBadge.js';
import { SubagentThread } from './SubagentThread.js';
import { useDisclosure } from './disclosure.js';
import { tailChars, tailLines } from './text-tail.js';
import { commandOf, fileChange, stageLabel, toolInput } from './tool-view.js';

/** Output lines shown while a tool runs and in the collapsed card. */
const TAIL_LINES = 12;
/** Characters of raw parameters shown while none are compact yet. */
const PARAMETER_TAIL = 60;

function ToolOutput({
  block,
  disclosureKey,
}: {
  readonly block: ToolBlock;
  readonly disclosureKey: string;
}) {
  const [open, setOpen] = useDisclosure(disclosureKey, false);
  const output = block.result ?? block.shortResult ?? '';
  if (output === '') return null;
  const tail = tailLines(output, TAIL_LINES);
  if (block.stage !== 'end' || tail.hiddenLines === 0 || !open) {
    return (
      <div className="tool-output">
        {tail.hiddenLines > 0 && block.stage === 'end' ? (
          <button type="button" className="link-button" onClick={() => setOpen(true)}>
            Show all {tail.hiddenLines + TAIL_LINES} lines
          </button>
        ) : tail.hiddenLines > 0 ? (
          <p className="tool-output-hidden">… {tail.hiddenLines} earlier lines</p>
        ) : null}
        <pre>{tail.text}</pre>
      </div>
    );
  }
  return (
    <div className="tool-output">
      <button type="button" className="link-button" onClick={() => setOpen(false)}>
        Show the last {TAIL_LINES} lines
      </button>
      <pre>{output}</pre>
    </div>
  );
}

export const ToolCard = memo(function ToolCard({
  block,
  waiting,
  disclosureKey,
}: {
  readonly block: ToolBlock;
  /** A permission question holds this call up. */
  readonly waiting: boolean;
  readonly disclosureKey: string;
}) {
  const input = toolInput(block);
  const change = input ? fileChange(block.name, input) : undefined;
  const command = commandOf(block.name, input);
  const params = block.compactParams ?? tailChars(block.parameters, PARAMETER_TAIL);
  const thread = block.thread && block.thread.length > 0 ? block.thread : undefined;
  return (
    <section
      className="tool-card"
      data-tool-name={block.name}
      data-stage={waiting ? 'waiting' : block.stage}
      aria-label={`${block.name} tool`}
    >
      <header className="tool-header">
        <span className="tool-name">{block.name}</span>
        <SandboxBadge sandboxed={block.sandboxed} />
        {params ? <code className="tool-params">{params}</code> : null}
        <span className="tool-stage">{stageLabel(block, waiting)}</span>
      </header>
      {command !== undefined ? <pre className="tool-command">$ {command}</pre> : null}
      <HookRunList hooks={block.hooks} />
      {change ? <FileChangeView change={change} /> : null}
      {thread ? (
        <SubagentThread
          thread={thread}
          working={block.stage !== 'end'}
          disclosureKey={`${disclosureKey}:thread`}
        />
      ) : null}
      {/* A subagent's report is its thread's last reply: shown there, not twice. */}
      {change || thread ? null : (
        <ToolOutput block={block} disclosureKey={`${disclosureKey}:output`} />
      )}
      {block.error !== undefined ? <p className="tool-error">{block.error}</p> : null}
    </section>
  );
});
