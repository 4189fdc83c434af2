// The SSE events of an OpenAI Responses stream (`POST /v1/responses`, what Codex speaks), one
// string per event: `response.created`, then per output item — reasoning as a summary, the text
// parts in a row as one message (an `output_text` content part each), a tool call as a
// `function_call` — the item opened, its deltas, closed with the whole item; then `response.completed` (or `response.incomplete` at the token
// limit) with the whole output and the usage. Delta frames are precomputed text around the
// sequence number and the JSON-encoded chunk, so a long stream costs little per chunk.
import { chunkText } from './chunk-text.js';
import type { ReplyPlan } from './reply-plan.js';
import {
  outputItems,
  outputText,
  responseObject,
  responseOutputItem,
  responsesItemId,
} from './responses-body.js';
import type { OutputItem } from './responses-body.js';

class Sequence {
  private next = 0;

  event(type: string, fields: Record<string, unknown>): string {
    const data = JSON.stringify({ type, sequence_number: this.next++, ...fields });
    return `event: ${type}\ndata: ${data}\n\n`;
  }

  /** A delta event: `head` + chunk + `tail`, the number placed without building an object. */
  delta(type: string, fields: string, chunk: string): string {
    return `event: ${type}\ndata: {"type":"${type}","sequence_number":${this.next++},${fields}"delta":${JSON.stringify(chunk)}}\n\n`;
  }
}

function* itemFrames(
  plan: ReplyPlan,
  item: OutputItem,
  outputIndex: number,
  seq: Sequence,
): Generator<string> {
  const itemId = responsesItemId(plan, outputIndex, item);
  const done = responseOutputItem(plan, item, outputIndex);
  const at = { item_id: itemId, output_index: outputIndex };
  const where = `"item_id":${JSON.stringify(itemId)},"output_index":${outputIndex},`;
  if (item.type === 'reasoning') {
    yield seq.event('response.output_item.added', {
      output_index: outputIndex,
      item: { id: itemId, type: 'reasoning', summary: [] },
    });
    const summary = { ...at, summary_index: 0 };
    yield seq.event('response.reasoning_summary_part.added', {
      ...summary,
      part: { type: 'summary_text', text: '' },
    });
    for (const chunk of chunkText(item.text, plan.chunkSize))
      yield seq.delta('response.reasoning_summary_text.delta', `${where}"summary_index":0,`, chunk);
    yield seq.event('response.reasoning_summary_text.done', { ...summary, text: item.text });
    yield seq.event('response.reasoning_summary_part.done', {
      ...summary,
      part: { type: 'summary_text', text: item.text },
    });
  } else if (item.type === 'message') {
    yield seq.event('response.output_item.added', {
      output_index: outputIndex,
      item: { id: itemId, type: 'message', status: 'in_progress', role: 'assistant', content: [] },
    });
    for (const [contentIndex, text] of item.texts.entries()) {
      const content = { ...at, content_index: contentIndex };
      yield seq.event('response.content_part.added', { ...content, part: outputText('') });
      const fields = `${where}"content_index":${contentIndex},"logprobs":[],`;
      for (const chunk of chunkText(text, plan.chunkSize))
        yield seq.delta('response.output_text.delta', fields, chunk);
      yield seq.event('response.output_text.done', { ...content, text, logprobs: [] });
      yield seq.event('response.content_part.done', { ...content, part: outputText(text) });
    }
  } else {
    yield seq.event('response.output_item.added', {
      output_index: outputIndex,
      item: { ...done, status: 'in_progress', arguments: '' },
    });
    for (const chunk of chunkText(item.argumentsJson, plan.chunkSize))
      yield seq.delta('response.function_call_arguments.delta', where, chunk);
    yield seq.event('response.function_call_arguments.done', {
      ...at,
      arguments: item.argumentsJson,
    });
  }
  yield seq.event('response.output_item.done', { output_index: outputIndex, item: done });
}

export function* responsesStreamFrames(plan: ReplyPlan): Generator<string> {
  const seq = new Sequence();
  const started = responseObject(plan, 'in_progress');
  yield seq.event('response.created', { response: started });
  yield seq.event('response.in_progress', { response: started });
  for (const [index, item] of outputItems(plan).entries())
    yield* itemFrames(plan, item, index, seq);
  const finished = responseObject(plan, 'done');
  const type = finished['status'] === 'incomplete' ? 'response.incomplete' : 'response.completed';
  yield seq.event(type, { response: finished });
}
