// A reporter for node:test that writes the totals of a run as JSON, so that the test
// command can add them to the browser suite's and print one summary line.
export default async function* countTests(source) {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { data } = event;
    if (data.details?.type === 'suite') {
      // A suite's own failure is counted through its tests (failed, or cancelled when a hook
      // failed), except when its body threw before any test could be declared.
      if (event.type === 'test:fail' && data.details.error?.failureType === 'testCodeFailure') totals.failed += 1;
      continue;
    }
    if (data.skip || data.todo) totals.skipped += 1;
    else if (event.type === 'test:pass') totals.passed += 1;
    else totals.failed += 1;
  }
  yield JSON.stringify(totals);
}
