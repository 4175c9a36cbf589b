// Hostile documents for the CLIs' fuzz suites (spec-check and spec-diff): random JSON, degenerate
// bundles, a real bundle with one value replaced, removed or nested thousands of levels deep, and
// `$ref`s to device files and places outside the tree. Each as the text of a .json file.
import fc from 'fast-check';

type Json = unknown;

/** RFC 6901: a key as a JSON Pointer token. */
const escapePointerToken = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');

export interface HostileDocument {
  /** What the document is, for the failure message. */
  label: string;
  text: string;
}

/** Pointers to every value of `document` (objects and arrays walked without recursion). */
export function pointersOf(document: Json): string[] {
  const pointers: string[] = [];
  const stack: Array<[Json, string]> = [[document, '']];
  while (stack.length > 0) {
    const [node, pointer] = stack.pop()!;
    pointers.push(pointer);
    if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) stack.push([child, `${pointer}/${escapePointerToken(key)}`]);
    }
  }
  return pointers.sort();
}

function replaced(document: Json, pointer: string, value: Json | undefined): string {
  const copy = structuredClone(document);
  if (pointer === '') return JSON.stringify(value ?? null);
  const tokens = pointer.split('/').slice(1).map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  // Walking untyped JSON.
  let parent: any = copy;
  for (const token of tokens.slice(0, -1)) parent = parent[token];
  const last = tokens.at(-1)!;
  if (value === undefined) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else parent[last] = value;
  return JSON.stringify(copy);
}

/** `levels` nested `allOf`s around a string schema, as JSON text (built as text: JSON.stringify would overflow). */
export const nestedAllOf = (levels: number) => `${'{"allOf":['.repeat(levels)}{"type":"string"}${']}'.repeat(levels)}`;

const degenerate = fc.constantFrom('{}', 'null', '[]', '42', '""', 'true', '{"openapi":"3.1.0"}', '{"openapi":"3.1.0","paths":[]}', '{"openapi":"3.1.0","paths":{},"servers":[{}]}', '{"swagger":"2.0"}', '{"openapi":4}');

const hostileRef = fc.constantFrom('/dev/zero', '/dev/stdin', '/dev/urandom', '/etc/passwd', '../../../../etc/hostname', '#/nowhere', '#', 'http://127.0.0.1:9/x.yaml', 'missing.yaml', '');

/** Counterexamples print as their label and size, not as a whole bundle. */
const shown = (document: HostileDocument): HostileDocument =>
  Object.assign(document, { [fc.toStringMethod]: () => `${document.label} (${document.text.length} characters)` });

export function hostileDocuments(base: Json): fc.Arbitrary<HostileDocument> {
  const pointers = pointersOf(base);
  // Half the edits land where the readers look hardest: schemas, responses and the top level.
  const focused = pointers.filter((p) => /^\/components\/schemas\/[^/]+(\/properties\/[^/]+)?$|\/responses\/[^/]+$|^\/[^/]+$/.test(p));
  const pointer = fc.oneof(fc.constantFrom(...pointers), fc.constantFrom(...focused));
  const value = fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    hostileRef.map(($ref) => ({ $ref })),
    fc.constant([{}]),
    fc.array(fc.oneof(fc.constant({}), fc.jsonValue({ maxDepth: 2 })), { maxLength: 3 }),
  );
  const documents: fc.Arbitrary<HostileDocument> = fc.oneof(
    fc.jsonValue({ maxDepth: 4 }).map((v) => ({ label: 'random JSON', text: JSON.stringify(v) ?? 'null' })),
    degenerate.map((text) => ({ label: 'degenerate', text })),
    fc.array(fc.oneof(fc.constant({}), fc.jsonValue({ maxDepth: 2 })), { minLength: 1, maxLength: 3 }).map((servers) => ({
      label: `servers ${JSON.stringify(servers)}`,
      text: replaced(base, '/servers', servers),
    })),
    fc.string({ maxLength: 200 }).map((text) => ({ label: 'random text', text })),
    fc.tuple(pointer, value).map(([p, v]) => ({ label: `${p} replaced`, text: replaced(base, p, v) })),
    pointer.map((p) => ({ label: `${p} removed`, text: replaced(base, p, undefined) })),
    fc.tuple(pointer, fc.integer({ min: 100, max: 4000 })).map(([p, levels]) => ({
      label: `${p} nested ${levels} levels`,
      text: replaced(base, p, { $nested: true }).replace('{"$nested":true}', nestedAllOf(levels)),
    })),
  );
  return documents.map(shown);
}
