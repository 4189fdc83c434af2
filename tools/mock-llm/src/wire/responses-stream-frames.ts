// The SSE events of an OpenAI Responses stream (`POST /v1/responses`, what Codex speaks), one
// string per event: `response.created`, then per part an output item — reasoning as a summary,
// text as an `output_text` content part, a tool call as a `function_call` — opened, its deltas,
// closed with the whole item; then `response.completed` (or `response.incomplete` at the token
// limit) with the whole output and the usage. Delta frames are precomputed text around the
// sequence number and the JSON-encoded chunk, so a long stream costs little per chunk.
import { chunkText } from './chunk-text.js';
import type { PlannedPart, ReplyPlan } from './reply-plan.js';
import { responseObject, responseOutputItem, responsesItemId } from './responses-body.js';

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

function* partFrames(
  plan: ReplyPlan,
  part: PlannedPart,
  outputIndex: number,
  seq: Sequence,
): Generator<string> {
  const itemId = responsesItemId(plan, outputIndex, part);
  const done = responseOutputItem(plan, part, outputIndex);
  const at = { item_id: itemId, output_index: outputIndex };
  const where = `"item_id":${JSON.stringify(itemId)},"output_index":${outputIndex},`;
  if (part.type === 'reasoning') {
    yield seq.event('response.output_item.added', {
      output_index: outputIndex,
      item: { id: itemId, type: 'reasoning', summary: [] },
    });
    const summary = { ...at, summary_index: 0 };
    yield seq.event('response.reasoning_summary_part.added', {
      ...summary,
      part: { type: 'summary_text', text: '' },
    });
    for (const chunk of chunkText(part.text, plan.chunkSize))
      yield seq.delta('response.reasoning_summary_text.delta', `${where}"summary_index":0,`, chunk);
    yield seq.event('response.reasoning_summary_text.done', { ...summary, text: part.text });
    yield seq.event('response.reasoning_summary_part.done', {
      ...summary,
      part: { type: 'summary_text', text: part.text },
    });
  } else if (part.type === 'text') {
    yield seq.event('response.output_item.added', {
      output_index: outputIndex,
      item: { id: itemId, type: 'message', status: 'in_progress', role: 'assistant', content: [] },
    });
    const content = { ...at, content_index: 0 };
    yield seq.event('response.content_part.added', {
      ...content,
      part: { type: 'output_text', text: '', annotations: [] },
    });
    for (const chunk of chunkText(part.text, plan.chunkSize))
      yield seq.delta(
        'response.output_text.delta',
        `${where}"content_index":0,"logprobs":[],`,
        chunk,
      );
    yield seq.event('response.output_text.done', { ...content, text: part.text, logprobs: [] });
    yield seq.event('response.content_part.done', {
      ...content,
      part: { type: 'output_text', text: part.text, annotations: [] },
    });
  } else {
    yield seq.event('response.output_item.added', {
      output_index: outputIndex,
      item: { ...done, status: 'in_progress', arguments: '' },
    });
    for (const chunk of chunkText(part.argumentsJson, plan.chunkSize))
      yield seq.delta('response.function_call_arguments.delta', where, chunk);
    yield seq.event('response.function_call_arguments.done', {
      ...at,
      arguments: part.argumentsJson,
    });
  }
  yield seq.event('response.output_item.done', { output_index: outputIndex, item: done });
}

export function* responsesStreamFrames(plan: ReplyPlan): Generator<string> {
  const seq = new Sequence();
  const started = responseObject(plan, 'in_progress');
  yield seq.event('response.created', { response: started });
  yield seq.event('response.in_progress', { response: started });
  for (const [index, part] of plan.parts.entries()) yield* partFrames(plan, part, index, seq);
  const finished = responseObject(plan, 'done');
  const type = finished['status'] === 'incomplete' ? 'response.incomplete' : 'response.completed';
  yield seq.event(type, { response: finished });
}
