// Every open chat view, by the session it shows: commands act on the view the user used last,
// and a session already open in a view is revealed there instead of being opened twice.
import type { ChatView } from './chat-view.js';

export class ChatViews {
  private readonly views: ChatView[] = [];
  private lastUsed: ChatView | undefined;

  add(view: ChatView): void {
    this.views.push(view);
    this.lastUsed = view;
  }

  remove(view: ChatView): void {
    const at = this.views.indexOf(view);
    if (at >= 0) this.views.splice(at, 1);
    if (this.lastUsed === view) this.lastUsed = this.views.at(-1);
  }

  used(view: ChatView): void {
    this.lastUsed = view;
  }

  /** The view the user used last (the sidebar's, or an editor tab). */
  get active(): ChatView | undefined {
    return this.lastUsed;
  }

  /** The view showing this session, if one does. */
  showing(sessionId: string): ChatView | undefined {
    return this.views.find((view) => view.session?.id === sessionId);
  }

  all(): readonly ChatView[] {
    return [...this.views];
  }
}
