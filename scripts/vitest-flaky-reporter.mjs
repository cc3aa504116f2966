// A Vitest reporter that writes the tests which passed only on a retry (flaky) to a JSON file, so the
// closing summary of `pnpm test` can name them: a healthy run lists none. Vitest's own JSON report does
// not say how many tries a test took.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export default class FlakyReporter {
  /** @param {{ outputFile?: string }} [options] */
  constructor(options = {}) {
    this.outputFile = options.outputFile ?? process.env.VITEST_FLAKY_OUTPUT ?? 'test-results/vitest-flaky.json';
    this.flaky = [];
  }

  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestCaseResult(testCase) {
    const retries = testCase.diagnostic()?.retryCount ?? 0;
    if (retries > 0 && testCase.result().state === 'passed') {
      this.flaky.push({
        file: path.relative(this.root ?? process.cwd(), testCase.module.moduleId),
        name: testCase.fullName,
        retries,
      });
    }
  }

  onTestRunEnd() {
    mkdirSync(path.dirname(this.outputFile), { recursive: true });
    writeFileSync(this.outputFile, JSON.stringify(this.flaky, null, 2));
  }
}
