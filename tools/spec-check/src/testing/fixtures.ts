// Test support: the real bundles (specs/dist, written by `pnpm build`), Redocly's fully dereferenced
// copies of them, and JSON pointer helpers for mutating documents.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Entry, type Expect, loadApiCatalog, loadCatalog } from '../catalog.js';
import type { Json } from '../view.js';

export const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const repoRoot = join(packageDir, '..', '..');
export const specsDir = join(repoRoot, 'specs');
export const redoclyBin = join(specsDir, 'node_modules', '.bin', 'redocly');
export const apiIds = [...loadCatalog().keys()];
/** The one list of interfaces (specs/interfaces.json). */
export const interfaceList: { id: string; letter: string; basePath: string }[] = JSON.parse(readFileSync(join(specsDir, 'interfaces.json'), 'utf8')).interfaces;

export function bundlePath(id: string): string {
  const path = join(specsDir, 'dist', `${id}.json`);
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`pnpm build\` first`);
  return path;
}

/** A document the tests edit freely: untyped JSON. */
// An OpenAPI document is untyped JSON here.
export type Doc = any;

export function loadBundle(id: string): Doc {
  return JSON.parse(readFileSync(bundlePath(id), 'utf8'));
}

/**
 * Redocly's `bundle --dereferenced` of the real bundle: every `$ref` inlined. Cached in the
 * system's temporary folder under the bundle's hash, so a changed bundle is dereferenced again.
 */
export function loadDereferenced(id: string): Doc {
  const source = bundlePath(id);
  const hash = createHash('sha256').update(readFileSync(source)).digest('hex').slice(0, 16);
  const dir = join(tmpdir(), 'spec-check-dereferenced');
  const out = join(dir, `${id}-${hash}.json`);
  if (!existsSync(out)) {
    mkdirSync(dir, { recursive: true });
    const partial = `${out}.${process.pid}.tmp.json`;
    // Run outside specs/ so that no redocly.yaml (and so no plugin) is involved.
    execFileSync(redoclyBin, ['bundle', source, '--dereferenced', '--output', partial], {
      cwd: dir,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      stdio: 'ignore',
    });
    // Parallel test files may dereference the same bundle; the rename makes the result whole.
    renameSync(partial, out);
  }
  return JSON.parse(readFileSync(out, 'utf8'));
}

export function tokens(pointer: string): string[] {
  return pointer === '' ? [] : pointer.split('/').slice(1).map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function getAt(document: Json, pointer: string): Json {
  return tokens(pointer).reduce<Json>((node, token) => (node as Record<string, Json> | undefined)?.[token], document);
}

export function parentPointer(pointer: string): string {
  return pointer.slice(0, pointer.lastIndexOf('/'));
}

function lastToken(pointer: string): string {
  return tokens(pointer).at(-1)!;
}

export function setAt(document: Json, pointer: string, value: Json): void {
  (getAt(document, parentPointer(pointer)) as Record<string, Json>)[lastToken(pointer)] = value;
}

export function deleteAt(document: Json, pointer: string): void {
  const parent = getAt(document, parentPointer(pointer)) as Record<string, Json> | Json[];
  if (Array.isArray(parent)) parent.splice(Number(lastToken(pointer)), 1);
  else delete parent[lastToken(pointer)];
}

/** Freezes every object and array of `document`, so that an edit of it throws. */
export function deepFreeze<T extends Json>(document: T): T {
  if (document !== null && typeof document === 'object' && !Object.isFrozen(document)) {
    for (const value of Object.values(document)) deepFreeze(value);
    Object.freeze(document);
  }
  return document;
}

/**
 * A copy of `document` that `setAt` and `deleteAt` may edit at `pointer` or at any of its
 * ancestors: the objects and arrays on the pointer's path are copied, everything else is shared.
 * Copying the whole document for each of some 2 500 mutations was most of their test's time (issue
 * 14); the shared parts stay as they were only if nothing edits them, so give it a frozen document.
 */
export function copyAlong(document: Json, pointer: string): Json {
  const copy = (node: Json): Json => (Array.isArray(node) ? [...node] : { ...(node as object) });
  const root = copy(document);
  let node = root as Record<string, Json>;
  for (const token of tokens(pointer).slice(0, -1)) {
    const child = node[token];
    if (child === null || typeof child !== 'object') break;
    node = node[token] = copy(child) as Record<string, Json>;
  }
  return root;
}

/**
 * Whether a reported pointer is the mutated place, inside it or one of its ancestors. The root
 * counts only for a top-level key removed (`/security`): anything is under the root.
 */
export function related(reported: string, mutated: string): boolean {
  if (reported === '') return tokens(mutated).length === 1;
  return reported === mutated || mutated.startsWith(`${reported}/`) || reported.startsWith(`${mutated}/`);
}

/**
 * The catalogue's section 2 field entry (`property`) or section 8 entry (`limit`) that checks a
 * schema's property, and what it expects there. A test of a mechanism takes the document's value
 * and the entry's rule text from here rather than restating them, so that a legitimate change of
 * the document (and so of the catalogue) fails no such test.
 */
export function catalogueCheck(api: string, kind: 'property' | 'limit', schema: string, property: string): { rule: string; expect: Expect } {
  for (const entry of loadApiCatalog(api).entries as Entry[]) {
    const checks = entry.kind === 'property' ? [entry.check] : entry.kind === 'limit' ? entry.checks : [];
    const check = entry.kind === kind ? checks.find((c) => c.schema === schema && c.property === property) : undefined;
    if (check?.expect) return { rule: entry.rule, expect: check.expect };
  }
  throw new Error(`${api}: no ${kind} entry of the catalogue checks ${schema}.${property}`);
}

/** A text as a regular expression that matches it literally. */
export const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
