// The CPU a process has used so far (user + system, from /proc: Linux), to count what a wave
// process spends on a stream, whichever UI it drives.
import { readFileSync } from 'node:fs';

const CLOCK_TICKS_PER_SECOND = 100;

export function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}
