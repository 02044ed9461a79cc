/**
 * Several server test files in one process: the group files server/scripts/compile.mjs writes into the test build
 * (`.build/tests/group-NN.mjs`) call runFiles with their list. A test process costs about 2 s of CPU before its first
 * test (Node itself, the server's modules, PGlite's first start), which a group pays once instead of once per file.
 *
 * Each file runs as a suite of its own, the files one after another: the `before` and `after` hooks a file registers
 * at its top level (its server and database, helpers.ts serverOnFreshDb) become its suite's, so a file's server is
 * started before its first test and closed, with its workers, after its last, before the next file's starts. A file
 * that changes anything process-wide (environment variables, mocks of globals, process handlers) runs in a process of
 * its own instead (compile.mjs `ownProcess`).
 *
 * With TEST_FILE_TIMES (scripts/test-file-clock.mjs) each file's wall and CPU seconds are recorded as a file of its
 * own process would be, so the slowest files are still named per file.
 */
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

const times = process.env.TEST_FILE_TIMES;

/** Runs `files` (test files beside the group file at `groupUrl`), each as a suite, in order. */
export function runFiles(groupUrl, files) {
  const dir = path.dirname(fileURLToPath(groupUrl));
  for (const file of files) {
    const url = pathToFileURL(path.join(dir, file)).href;
    describe(file, async () => {
      // Registered first and last, so the file's own hooks (its server's start and close) are inside the measure.
      let wall = 0;
      let cpu = { user: 0, system: 0 };
      if (times) {
        before(() => {
          wall = performance.now();
          cpu = process.cpuUsage();
        });
      }
      await import(url);
      if (times) {
        after(() => {
          const { user, system } = process.cpuUsage(cpu);
          const line = { file: path.join(dir, file), wall: (performance.now() - wall) / 1000, cpu: (user + system) / 1e6 };
          appendFileSync(times, `${JSON.stringify(line)}\n`);
        });
      }
    });
  }
}
