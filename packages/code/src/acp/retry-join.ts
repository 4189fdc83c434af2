// A model call that breaks off mid-reply is retried, and Wave discards the partial message
// (assistantMessageDiscarded). ACP cannot take back what an editor already shows, and holding
// text back until a call succeeds would stop the live stream, so the retry is joined to what is
// on screen instead: it continues the discarded message's ACP message, and the part of it that
// repeats what the editor already shows is not sent again. The editor then holds exactly the
// retried reply, each word once. When the retry says something else (or less), what is on screen
// cannot be made right: Wave says so in one line and sends the retried reply in full as a new
// message, so a word shown twice is never shown twice without saying why.

export type Channel = 'text' | 'reasoning';

/** What one message says on each channel (its text blocks joined, its reasoning blocks joined). */
export type ChannelTexts = Readonly<Record<Channel, string>>;

export type Say =
  | {
      readonly kind: 'chunk';
      readonly channel: Channel;
      readonly messageId: string;
      readonly text: string;
    }
  | { readonly kind: 'notice'; readonly text: string };

export const RETRY_DIFFERED =
  'The model was asked again after its reply broke off, and its new reply differs from the one above; here it is in full.';

interface Join {
  /** The ACP message the retry continues. */
  readonly messageId: string;
  /** What the editor shows of that message, per channel. */
  readonly shown: ChannelTexts;
  /** How much of `shown` the retry has repeated so far, per channel. */
  readonly matched: Record<Channel, number>;
}

const CHANNELS: readonly Channel[] = ['text', 'reasoning'];

export class RetryJoin {
  /** The discarded message's join, waiting for the next message. */
  private waiting: Omit<Join, 'matched'> | undefined;
  /** Wave message id → the join it continues (only while it has not caught up). */
  private readonly joins = new Map<string, Join>();
  /** Wave message id → the ACP message id it streams into, when it is not its own. */
  private readonly renamed = new Map<string, string>();

  /** The ACP message a Wave message's chunks go to. */
  messageIdFor(waveMessageId: string): string {
    return this.renamed.get(waveMessageId) ?? waveMessageId;
  }

  /** A message was discarded; `said` is what it held when it was. */
  discarded(waveMessageId: string, said: ChannelTexts): void {
    const join = this.joins.get(waveMessageId);
    // A retry that had not caught up leaves the editor showing what it repeated, and more.
    const shown: ChannelTexts = {
      text: join && join.matched.text < join.shown.text.length ? join.shown.text : said.text,
      reasoning:
        join && join.matched.reasoning < join.shown.reasoning.length
          ? join.shown.reasoning
          : said.reasoning,
    };
    this.waiting = { messageId: this.messageIdFor(waveMessageId), shown };
    this.forget(waveMessageId);
  }

  /** A new message starts: a retry continues the discarded one. */
  started(waveMessageId: string): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    if (!waiting) return;
    this.renamed.set(waveMessageId, waiting.messageId);
    if (waiting.shown.text === '' && waiting.shown.reasoning === '') return;
    this.joins.set(waveMessageId, { ...waiting, matched: { text: 0, reasoning: 0 } });
  }

  /**
   * A chunk of a message; `soFar` is what the message says with it. Returns what to send: the
   * chunk, the part of it past what is on screen, nothing, or the whole reply anew.
   */
  chunk(waveMessageId: string, channel: Channel, chunk: string, soFar: ChannelTexts): Say[] {
    const messageId = this.messageIdFor(waveMessageId);
    const join = this.joins.get(waveMessageId);
    const shown = join?.shown[channel] ?? '';
    if (!join || join.matched[channel] >= shown.length) {
      return chunk === '' ? [] : [{ kind: 'chunk', channel, messageId, text: chunk }];
    }
    const rest = shown.slice(join.matched[channel]);
    if (rest.startsWith(chunk)) {
      join.matched[channel] += chunk.length;
      return [];
    }
    if (chunk.startsWith(rest)) {
      join.matched[channel] = shown.length;
      return [{ kind: 'chunk', channel, messageId, text: chunk.slice(rest.length) }];
    }
    return this.anew(waveMessageId, soFar);
  }

  /** The message is complete: a retry that stopped short of what is on screen differs. */
  finished(waveMessageId: string, said: ChannelTexts): Say[] {
    const join = this.joins.get(waveMessageId);
    if (!join) return [];
    const short = CHANNELS.some((channel) => join.matched[channel] < join.shown[channel].length);
    if (!short) {
      this.forget(waveMessageId);
      return [];
    }
    return this.anew(waveMessageId, said);
  }

  private forget(waveMessageId: string): void {
    this.joins.delete(waveMessageId);
    this.renamed.delete(waveMessageId);
  }

  /** The retry differs: it becomes a message of its own, sent in full after one line saying so. */
  private anew(waveMessageId: string, said: ChannelTexts): Say[] {
    this.forget(waveMessageId);
    const chunks: Say[] = CHANNELS.filter((channel) => said[channel] !== '').map((channel) => ({
      kind: 'chunk',
      channel,
      messageId: waveMessageId,
      text: said[channel],
    }));
    return [{ kind: 'notice', text: RETRY_DIFFERED }, ...chunks];
  }
}
