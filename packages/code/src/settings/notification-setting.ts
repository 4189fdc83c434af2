// `preferredNotifChannel`: how the terminal is told that something waits for the user (Claude
// Code's key and values). Wave's user settings decide; without the key there, Claude Code's
// (~/.claude/settings.json, then ~/.claude.json, where its /config writes it; with
// CLAUDE_CONFIG_DIR, that folder's settings.json and .claude.json) when ~/.claude is
// read; else `auto`.
import { basename } from 'node:path';
import { parseJsonc } from '@wave-agent/agent-sdk';
import { isRecord } from '@wave-agent/shared-protocol';
import { z } from 'zod';
import { readSettingsText } from './read-settings-text.js';

export const NOTIFICATION_CHANNELS = [
  'auto',
  'iterm2',
  'terminal_bell',
  'iterm2_with_bell',
  'kitty',
  'ghostty',
  'notifications_disabled',
] as const;
export const NotificationChannelSchema = z.enum(NOTIFICATION_CHANNELS);
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export interface ChannelSetting {
  readonly channel: NotificationChannel;
  /** A Claude Code file's value Wave does not know, said with what to write instead. */
  readonly warnings: readonly string[];
}

/** The channel of Wave's user settings, else of Claude Code's files, else `auto`. */
export function notificationChannel(
  wave: NotificationChannel | undefined,
  claudeHome: string | undefined,
): ChannelSetting {
  if (wave !== undefined) return { channel: wave, warnings: [] };
  if (claudeHome === undefined) return { channel: 'auto', warnings: [] };
  const warnings: string[] = [];
  // ~/.claude.json sits beside ~/.claude; with CLAUDE_CONFIG_DIR it is inside that folder.
  const paths = [`${claudeHome}/settings.json`, `${claudeHome}/.claude.json`];
  if (basename(claudeHome) === '.claude') paths.push(`${claudeHome}.json`);
  for (const path of paths) {
    const read = readSettingsText(path);
    if (read.kind !== 'text') continue; // Claude Code's own files: their problems are its to say.
    const parsed = parseJsonc(read.text);
    const value: unknown = isRecord(parsed.value) ? parsed.value.preferredNotifChannel : undefined;
    if (value === undefined) continue;
    const channel = NotificationChannelSchema.safeParse(value);
    if (channel.success) return { channel: channel.data, warnings };
    warnings.push(
      `ignoring "preferredNotifChannel" in ${path}: ${JSON.stringify(value)} is not one of ${NOTIFICATION_CHANNELS.join(', ')}.`,
    );
  }
  return { channel: 'auto', warnings };
}
