/**
 * The texts of the widget's development warnings (src/widget/dev-mode.ts), read from the sources:
 * the static parts of every `warnOnce(…)` message and of the `console.warn` that prints them with
 * their `pay-checkout: ` prefix. A build with the development mode on holds each of them; a
 * production build must hold none.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { ROOT } from './package-layout.js';

/**
 * Shorter pieces (`, `, `" names `) would be found in any bundle. Pieces are cut at quotes and
 * backslashes, which a bundler may write escaped.
 */
const MIN_LENGTH = 12;

/** `warnOnce(…)` anywhere; `console.warn` only in dev-mode.ts (the production line of the checkout is another). */
function isWarningCall(node: ts.CallExpression, file: string): boolean {
  const callee = node.expression.getText();
  return callee === 'warnOnce' || (callee === 'console.warn' && file.endsWith('dev-mode.ts'));
}

/** The static text of a string or template argument. */
function staticParts(node: ts.Expression): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
  return [];
}

function warningTextsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const texts: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && isWarningCall(node, file)) texts.push(...node.arguments.flatMap(staticParts));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

/** Every warning text of the widget's sources, cut into pieces a bundle holds as written. */
export function warningTexts(): string[] {
  const dir = join(ROOT, 'src/widget');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
  const pieces = files.flatMap((file) => warningTextsOf(join(dir, file))).flatMap((text) => text.split(/["'`\\]/));
  return [...new Set(pieces.filter((piece) => piece.length >= MIN_LENGTH))].sort();
}
