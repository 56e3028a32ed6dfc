// A reporter for node:test that writes the totals of a run as JSON, so that the test
// command can add them to the browser suite's and print one summary line. Each failure is
// kept by its file, its suites and test's names, and what its error says, so that the
// summary can name what failed at the end of a long run.
import { relative } from 'node:path';

/** The lines of an assertion's comparison kept after its header, and their length at most. */
const COMPARISON_LINES = 12;
const COMPARISON_CHARS = 800;

/**
 * What a failed test threw, without the wrapper node:test puts around it: its first line, and
 * when that line only announces a comparison (`Expected values to be strictly deep-equal:`), the
 * comparison that follows, which is what tells a failure seen once on a busy machine.
 */
function summary(error) {
  const cause = error?.cause ?? error;
  const message = cause instanceof Error ? cause.message : String(cause ?? '');
  const [first = '', ...rest] = message.split('\n');
  if (!first.endsWith(':')) return first.slice(0, 300);
  const comparison = rest.filter((line) => line.trim() !== '').slice(0, COMPARISON_LINES).join('\n');
  return `${first}\n${comparison}`.slice(0, COMPARISON_CHARS);
}

export default async function* countTests(source) {
  const totals = { passed: 0, failed: 0, skipped: 0, failures: [] };
  // The names of the suites open at this point of the run, per file and nesting.
  const open = new Map();
  const fail = (data) => {
    const suites = open.get(data.file) ?? [];
    const file = data.file ? relative(process.cwd(), data.file) : '';
    totals.failures.push({ file, name: [...suites.slice(0, data.nesting), data.name].join(' > '), message: summary(data.details?.error) });
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
