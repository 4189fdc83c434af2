// Preloaded (node --import) into every process the headless benchmark runs: at exit, writes the
// process's CPU (user + system) and peak RSS to the file BENCH_USAGE_FILE names. Both come from
// getrusage, so the floor and Wave are measured the same way.
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_USAGE_FILE;
if (file) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    writeFileSync(
      file,
      JSON.stringify({
        cpuSeconds: (usage.userCPUTime + usage.systemCPUTime) / 1e6,
        maxRssBytes: usage.maxRSS * 1024,
      }),
    );
  });
}
