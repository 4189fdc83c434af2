import { Text } from 'ink';
import type { StatusInfo } from './status-text.js';
import { statusText } from './status-text.js';

export function StatusLine({
  info,
  columns,
}: {
  readonly info: StatusInfo;
  readonly columns: number;
}) {
  return <Text>{statusText(info, columns)}</Text>;
}
