// A reporter for node:test that writes the totals of a run as JSON, so that the test
// command can add them to the browser suite's and print one summary line.
export default async function* countTests(source) {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { data } = event;
    // Suites report too; only count leaf tests. A file that fails to load is reported as a
    // failing test named after the file, which must count as a failure.
    if (data.details?.type === 'suite' && event.type === 'test:pass') continue;
    if (data.skip || data.todo) totals.skipped += 1;
    else if (event.type === 'test:pass') totals.passed += 1;
    else if (data.details?.type !== 'suite' || data.details?.error?.failureType !== 'subtestsFailed') totals.failed += 1;
  }
  yield JSON.stringify(totals);
}
