// A tool call as a card, drawn from its look (shared-protocol's toolView), never by its name:
// the shown name and live subject, its status, the body's generic parts (a command, a file
// change, key values…), a subagent's nested conversation (the Task tool), its output streaming
// while it runs (the last lines; the whole output a click away at the end), and its error.
import { HookRunList } from './HookRunView.js';
import type { ToolBlock, ToolView } from '@wave-agent/shared-protocol';
import { toolView } from '@wave-agent/shared-protocol';
import { memo } from 'react';
import { SandboxBadge } from './SandboxBadge.js';
import { SubagentThread } from './SubagentThread.js';
import { ViewPartView } from './ViewPartView.js';
import { useDisclosure } from './disclosure.js';
import { tailChars, tailLines } from './text-tail.js';
import { stageLabel } from './tool-view.js';

/** Output lines shown while a tool runs and in the collapsed card. */
const TAIL_LINES = 12;
/** Characters of raw parameters shown while none are compact yet. */
const PARAMETER_TAIL = 60;

function ToolOutput({
  view,
  disclosureKey,
}: {
  readonly view: ToolView;
  readonly disclosureKey: string;
}) {
  const [open, setOpen] = useDisclosure(disclosureKey, false);
  const output = view.result ?? view.liveOutput;
  if (output === '') return null;
  const ended = view.status === 'done' || view.status === 'failed';
  const tail = tailLines(output, TAIL_LINES);
  if (!ended || tail.hiddenLines === 0 || !open) {
    return (
      <div className="tool-output">
        {tail.hiddenLines > 0 && ended ? (
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
  const view = toolView(block);
  const params = view.subject || tailChars(view.streamingInput, PARAMETER_TAIL);
  const thread = block.thread && block.thread.length > 0 ? block.thread : undefined;
  return (
    <section
      className="tool-card"
      data-tool-name={block.name}
      data-stage={waiting ? 'waiting' : block.stage}
      data-tool-kind={view.kind}
      aria-label={`${view.name} tool`}
    >
      <header className="tool-header">
        <span className="tool-name">{view.name}</span>
        <SandboxBadge sandboxed={view.sandboxed} />
        {params ? <code className="tool-params">{params}</code> : null}
        <span className="tool-stage">{stageLabel(block, waiting)}</span>
      </header>
      {/* Why it ran without a question: asking less is shown, not hidden. */}
      {view.unasked !== '' ? <p className="tool-unasked">{view.unasked}</p> : null}
      <HookRunList hooks={block.hooks} />
      {view.body.map((part, index) => (
        <ViewPartView key={index} part={part} />
      ))}
      {thread ? (
        <SubagentThread
          thread={thread}
          working={block.stage !== 'end'}
          disclosureKey={`${disclosureKey}:thread`}
        />
      ) : null}
      {/* A subagent's report is its thread's last reply, a diff says what an edit did: the
          output is not shown twice. */}
      {(view.bodyTellsResult && view.body.length > 0) || thread ? null : (
        <ToolOutput view={view} disclosureKey={`${disclosureKey}:output`} />
      )}
      {view.error !== undefined ? <p className="tool-error">{view.error}</p> : null}
    </section>
  );
});
