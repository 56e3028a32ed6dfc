// The builds several test files share, made once by `npm test` (scripts/test.js) into the
// directory given as the argument: see test/build/shared-builds.ts.
import { preparePackageBuild } from '../test/build/npm-build.js';
import { prepareScriptTagModuleBuild } from '../test/build/shared-builds.js';
import { prepareDemoBuild } from '../test/e2e/demo-harness.js';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node --import tsx scripts/test-builds.ts <directory>');
  process.exit(2);
}
// One after the other: both run Vite in this process, and a build may set NODE_ENV for the next.
await preparePackageBuild(dir);
await prepareScriptTagModuleBuild(dir);
await prepareDemoBuild(dir);
