import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readImportGraph } from './import-graph.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SANDBOX = 'src/sandbox';

/** The sandbox's rooms: its sub-folders, each with a README.md that says what lives there. */
const rooms = readdirSync(join(ROOT, SANDBOX), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

function noteOf(room: string): string {
  const path = join(ROOT, SANDBOX, room, 'README.md');
  assert.ok(existsSync(path), `${SANDBOX}/${room}/ has no README.md saying what lives there`);
  return readFileSync(path, 'utf8');
}

/** What the note allows the room to import from the rest of the sandbox: `../world/`, `../sandbox.ts`. */
function allowedImports(note: string): string[] {
  const paragraph = note.split(/\n\s*\n/).find((text) => text.startsWith('Imports from the rest of the sandbox:'));
  assert.ok(paragraph, 'the note has no "Imports from the rest of the sandbox:" paragraph');
  return [...paragraph.matchAll(/`\.\.\/([\w.-]+\/?)`/g)].map((match) => `${SANDBOX}/${match[1]}`);
}

// A folder is a room, and its note says what lives there (docs/architecture.md). The notes are
// read by people finding their way, so they must not drift from the files.
describe('the rooms of src/sandbox/', () => {
  it('are the ones docs/architecture.md walks through', () => {
    assert.deepEqual(rooms, ['api', 'card', 'cli', 'controls', 'documents', 'requests', 'world']);
  });

  for (const room of rooms) {
    describe(`${room}/`, () => {
      it('has a README.md naming every module in it, and only those', () => {
        const named = new Set([...noteOf(room).matchAll(/`([\w-]+\.ts)`/g)].map((match) => match[1]!));
        const files = readdirSync(join(ROOT, SANDBOX, room)).filter((name) => name.endsWith('.ts'));
        assert.deepEqual([...named].sort(), files.sort());
      });

      it('imports from the rest of the sandbox only what its README.md says', () => {
        const allowed = allowedImports(noteOf(room));
        const graph = readImportGraph(ROOT, ['src']);
        const strays: string[] = [];
        for (const [module, targets] of graph) {
          if (!module.startsWith(`${SANDBOX}/${room}/`)) continue;
          for (const target of targets) {
            if (!target.startsWith(`${SANDBOX}/`) || target.startsWith(`${SANDBOX}/${room}/`)) continue;
            if (!allowed.some((path) => (path.endsWith('/') ? target.startsWith(path) : target === path))) strays.push(`${module} → ${target}`);
          }
        }
        assert.deepEqual(strays, []);
      });
    });
  }
});
