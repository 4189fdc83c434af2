// An Edit or Write waiting for permission opens in VS Code's diff editor: the file as it is and
// as it would be, both read-only virtual documents (scheme wave-proposed), with Accept / Reject
// in the editor title (package.json menus) as well as the chat's Allow / Deny. Whichever side
// answers, the question leaves the session state and the diff closes.
import { commands, TabInputTextDiff, Uri, window, workspace } from 'vscode';
import type { Disposable } from 'vscode';
import type { SessionHandle } from '@wave-agent/client';
import { proposedChange } from './proposed-change.js';
import type { ProposedChange } from './proposed-change.js';

export const PROPOSED_SCHEME = 'wave-proposed';

interface Shown {
  readonly change: ProposedChange;
  readonly session: SessionHandle;
  readonly proposed: Uri;
  readonly uris: readonly string[];
}

function activeDiffTarget(): string | undefined {
  const input = window.tabGroups.activeTabGroup.activeTab?.input;
  return input instanceof TabInputTextDiff ? input.modified.toString() : undefined;
}

export class ChangeDiffs {
  private readonly texts = new Map<string, string>();
  private readonly shown = new Map<string, Shown>();
  /** Questions that have no diff to show (another tool, a file outside the folder). */
  private readonly skipped = new Set<string>();
  private readonly registration: Disposable;

  constructor() {
    this.registration = workspace.registerTextDocumentContentProvider(PROPOSED_SCHEME, {
      provideTextDocumentContent: (uri) => this.texts.get(uri.toString()) ?? '',
    });
  }

  /** Follows a view's session; returns the function that stops (and closes its diffs). */
  watch(session: SessionHandle, workdir: string): () => void {
    const check = (): void => {
      const questions = session.getSnapshot().permissionQuestions;
      const waiting = new Set(questions.map((question) => question.requestId));
      for (const [id, entry] of this.shown)
        if (entry.session === session && !waiting.has(id)) void this.close(id);
      const first = questions[0];
      if (!first || this.shown.has(first.requestId) || this.skipped.has(first.requestId)) return;
      const change = proposedChange(first, workdir);
      if (change) void this.open(change, session);
      else this.skipped.add(first.requestId);
    };
    check();
    const stop = session.subscribe(check);
    return () => {
      stop();
      for (const [id, entry] of this.shown) if (entry.session === session) void this.close(id);
    };
  }

  /** Accept / Reject from the editor title: the diff it was given, else the active one. */
  async answer(decision: 'allow' | 'deny', target?: unknown): Promise<void> {
    const uri = target instanceof Uri ? target.toString() : activeDiffTarget();
    const entries = [...this.shown.values()];
    const entry =
      entries.find((shown) => uri !== undefined && shown.uris.includes(uri)) ??
      (entries.length === 1 ? entries[0] : undefined);
    if (!entry) {
      void window.showInformationMessage('No change proposed by Wave is open.');
      return;
    }
    await entry.session.answerPermission(entry.change.requestId, decision);
  }

  dispose(): void {
    for (const id of [...this.shown.keys()]) void this.close(id);
    this.registration.dispose();
  }

  private async open(change: ProposedChange, session: SessionHandle): Promise<void> {
    const side = (name: string) =>
      Uri.from({
        scheme: PROPOSED_SCHEME,
        path: `/${change.path}`,
        query: `${change.requestId}.${name}`,
      });
    const current = side('current');
    const proposed = side('proposed');
    this.texts.set(current.toString(), change.current);
    this.texts.set(proposed.toString(), change.proposed);
    this.shown.set(change.requestId, {
      change,
      session,
      proposed,
      uris: [current.toString(), proposed.toString()],
    });
    await commands.executeCommand(
      'vscode.diff',
      current,
      proposed,
      `${change.path} ↔ Wave's proposed change`,
      { preview: false, preserveFocus: true },
    );
  }

  private async close(requestId: string): Promise<void> {
    const entry = this.shown.get(requestId);
    if (!entry) return;
    this.shown.delete(requestId);
    const tabs = window.tabGroups.all
      .flatMap((group) => group.tabs)
      .filter(
        (tab) =>
          tab.input instanceof TabInputTextDiff &&
          tab.input.modified.toString() === entry.proposed.toString(),
      );
    if (tabs.length > 0) await window.tabGroups.close(tabs);
    for (const uri of entry.uris) this.texts.delete(uri);
  }
}
