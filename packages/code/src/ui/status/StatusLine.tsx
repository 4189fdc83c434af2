import type { StatusInfo } from './status-text.js';
import { statusText } from './status-text.js';
import { SafeText } from '../SafeText.js';

export function StatusLine({
  info,
  columns,
}: {
  readonly info: StatusInfo;
  readonly columns: number;
}) {
  return <SafeText>{statusText(info, columns)}</SafeText>;
}
