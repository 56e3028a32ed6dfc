// A reporter for node:test that writes the totals of a run as JSON, so that the test
// command can add them to the browser suite's and print one summary line. Each failure is
// kept by its file, its suites and test's names, and the first line of its error, so that the
// summary can name what failed at the end of a long run.
import { relative } from 'node:path';

/** The first line of what a failed test threw, without the wrapper node:test puts around it. */
function firstLine(error) {
  const cause = error?.cause ?? error;
  const message = cause instanceof Error ? cause.message : String(cause ?? '');
  return message.split('\n', 1)[0].slice(0, 300);
}

export default async function* countTests(source) {
  const totals = { passed: 0, failed: 0, skipped: 0, failures: [] };
  // The names of the suites open at this point of the run, per file and nesting.
  const open = new Map();
  const fail = (data) => {
    const suites = open.get(data.file) ?? [];
    const file = data.file ? relative(process.cwd(), data.file) : '';
    totals.failures.push({ file, name: [...suites.slice(0, data.nesting), data.name].join(' > '), message: firstLine(data.details?.error) });
  };
  for await (const event of source) {
    const { data } = event;
    if (event.type === 'test:start') {
      const suites = open.get(data.file) ?? [];
      suites.length = data.nesting;
      suites.push(data.name);
      open.set(data.file, suites);
      continue;
    }
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    if (data.details?.type === 'suite') {
      // A suite's own failure is counted through its tests (failed, or cancelled when a hook
      // failed), except when its body threw before any test could be declared.
      if (event.type === 'test:fail' && data.details.error?.failureType === 'testCodeFailure') {
        totals.failed += 1;
        fail(data);
      }
      continue;
    }
    if (data.skip || data.todo) totals.skipped += 1;
    else if (event.type === 'test:pass') totals.passed += 1;
    else {
      totals.failed += 1;
      fail(data);
    }
  }
  yield JSON.stringify(totals);
}
