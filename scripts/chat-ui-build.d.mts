// Types of chat-ui-build.mjs, for the tests that import it.
export declare const CHAT_UI_DIST: string;
export declare const CHAT_UI_INPUTS: readonly string[];

export interface ChatUiLocation {
  readonly dist?: string;
  readonly inputs?: readonly string[];
}

export type ChatUiFreshness =
  | { readonly state: 'missing' }
  | { readonly state: 'stale'; readonly newest: string }
  | { readonly state: 'fresh' };

export declare function chatUiFreshness(location?: ChatUiLocation): ChatUiFreshness;

export declare function buildChatUi(outDir?: string): number;

export type EnsureResult =
  | { readonly ok: true; readonly built: false }
  | { readonly ok: true; readonly built: true; readonly reason: 'missing' | 'stale' }
  | { readonly ok: false; readonly problem: string };

export declare function ensureChatUi(
  options?: ChatUiLocation & { readonly log?: (line: string) => void },
): EnsureResult;
