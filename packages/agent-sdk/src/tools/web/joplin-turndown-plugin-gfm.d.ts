// The GitHub-flavoured Markdown rules for turndown (tables, strikethrough, task lists) ship
// without types; this is the part Wave uses.
declare module '@joplin/turndown-plugin-gfm' {
  import type TurndownService from 'turndown';

  export const gfm: TurndownService.Plugin;
}
