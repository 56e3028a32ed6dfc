/** Where the package's files are, as the build tests see them. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** `src/widget/**\/<name>.ts` beside a `<name>.component.ts`: the files that call customElements.define. */
export function registrationFiles(dir = join(ROOT, 'src/widget')): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...registrationFiles(path));
    else if (entry.name.endsWith('.component.ts')) {
      const registration = path.replace(/\.component\.ts$/, '.ts');
      if (existsSync(registration)) found.push(relative(ROOT, registration));
    }
  }
  return found.sort();
}

/** The tag names the registration files define, in the order of `registrationFiles()`. */
export function registeredTags(): string[] {
  return registrationFiles().map((file) => {
    const tag = /customElements\.define\('([^']+)'/.exec(readFileSync(join(ROOT, file), 'utf8'))?.[1];
    if (tag === undefined) throw new Error(`${file} defines no element`);
    return tag;
  });
}
