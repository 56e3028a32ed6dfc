/**
 * The syntax tree a build plugin gets from `this.parse` (ESTree shape), and a walk over it: what
 * the script-tag build's source rewrites (minify-lit-templates.ts, short-message-keys.ts) share.
 */

/** One node of the tree, with its offsets in the module's code. */
export interface SourceNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function isNode(value: unknown): value is SourceNode {
  return typeof (value as SourceNode | null)?.type === 'string';
}

function children(node: SourceNode): SourceNode[] {
  const found: SourceNode[] = [];
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) found.push(...value.filter(isNode));
    else if (isNode(value)) found.push(value);
  }
  return found;
}

/** Every node under `root` (itself included), each once, parents before their children. */
export function* sourceNodes(root: SourceNode): Generator<SourceNode> {
  const pending = [root];
  while (pending.length > 0) {
    const node = pending.pop()!;
    yield node;
    pending.push(...children(node).reverse());
  }
}
