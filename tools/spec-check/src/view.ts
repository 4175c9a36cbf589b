// A read-only view of an OpenAPI document that the rules walk. Two implementations: a JSON view
// (the CLI and the tests: one parsed document, plus any files its `$ref`s name) and a Redocly view
// (the lint plugin: Redocly's resolver, so locations point into the source files).
import { realpathSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { depthOf, maxDepth, maxFileBytes, readRegularFile } from './limits.js';

export interface Node<L> {
  readonly value: unknown;
  readonly loc: L;
}

export interface DocumentView<L> {
  readonly root: Node<L>;
  child(loc: L, key: string | number): L;
  /** Resolves the `$ref` of one node (one step); an error message when it cannot. */
  resolveRef(node: Node<L>): Node<L> | { error: string };
  /** Identity of a location, for de-duplication. */
  key(loc: L): string;
  /** A location as printed: a JSON pointer into the checked document. */
  pointer(loc: L): string;
}

export type Json = unknown;

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function isRef(value: unknown): value is { $ref: string } {
  return isObject(value) && typeof value.$ref === 'string';
}

export function get<L>(view: DocumentView<L>, node: Node<L>, key: string | number): Node<L> | undefined {
  const container = node.value;
  if (!isObject(container) && !Array.isArray(container)) return undefined;
  const value = (container as Record<string | number, unknown>)[key];
  if (value === undefined) return undefined;
  return { value, loc: view.child(node.loc, key) };
}

export interface Broken<L> {
  loc: L;
  error: string;
}

/** Follows `$ref`s until a node without one. */
export function deref<L>(view: DocumentView<L>, node: Node<L>): Node<L> | Broken<L> {
  let current = node;
  const seen = new Set<string>();
  while (isRef(current.value)) {
    const key = view.key(current.loc);
    if (seen.has(key)) return { loc: node.loc, error: `$ref cycle at ${current.value.$ref}` };
    seen.add(key);
    const next = view.resolveRef(current);
    if ('error' in next) return { loc: current.loc, error: next.error };
    current = next;
  }
  return current;
}

export function isBroken<L>(value: Node<L> | Broken<L>): value is Broken<L> {
  return 'error' in value;
}

/** Derefs, or undefined for a broken reference (reported elsewhere, by the schema reader). */
export function follow<L>(view: DocumentView<L>, node: Node<L> | undefined): Node<L> | undefined {
  if (!node) return undefined;
  const target = deref(view, node);
  return isBroken(target) ? undefined : target;
}

export function escapePointerToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

function unescapePointerToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

export interface FileLoc {
  file: string;
  pointer: string;
}

/** Parses JSON or YAML text; throws with the parser's message. */
export function parseDocumentText(text: string, file: string): Json {
  if (file.endsWith('.json')) return JSON.parse(text);
  // logLevel error: errors still throw, but warnings are not printed; a warning's frame would quote
  // the file's lines on stderr (a `%` directive, say), outside spec-check's one-line error.
  return parseYaml(text, { prettyErrors: true, logLevel: 'error' });
}

export interface JsonViewOptions {
  /** Largest file a `$ref` may name; default maxFileBytes (16 MiB). */
  maxFileBytes?: number;
}

/**
 * Reads the file a `$ref` names, confined to `tree` (the checked document's folder): its real
 * path (symlinks resolved) must lie inside, and it must be a regular file within the size limit.
 * Parse errors keep their first line only: a YAML error frame quotes the file's lines.
 */
function confinedReader(tree: string, limit: number): (path: string) => Json {
  const realTree = realpathSync(tree);
  return (path) => {
    let real: string;
    try {
      real = realpathSync(path);
    } catch {
      throw new Error('no such file');
    }
    if (real !== realTree && !real.startsWith(realTree + sep)) {
      throw new Error(`outside the document's folder ${tree} (spec-check follows $refs only inside it)`);
    }
    const text = readRegularFile(real, limit);
    let parsed: Json;
    try {
      parsed = parseDocumentText(text, real);
    } catch (error) {
      throw new Error(`cannot parse: ${(error as Error).message.split('\n')[0]}`);
    }
    if (depthOf(parsed, maxDepth) > maxDepth) throw new Error(`nested deeper than ${maxDepth} levels (spec-check's limit)`);
    return parsed;
  };
}

/**
 * A view of one parsed document. Local `$ref`s (`#/...`) resolve inside it; with `file` set,
 * relative file `$ref`s (`paths/messages.yaml#/get`) are read from disk, so a split source spec
 * can be checked too, but only regular files inside the document's folder (confinedReader).
 * Pointers of other files print as `<relative file>#<pointer>`.
 */
export function jsonView(document: Json, file?: string, options: JsonViewOptions = {}): DocumentView<FileLoc> {
  const rootFile = file ? resolve(file) : '<document>';
  const files = new Map<string, Json>([[rootFile, document]]);
  const read = file ? confinedReader(dirname(rootFile), options.maxFileBytes ?? maxFileBytes) : undefined;
  const load = (path: string): Json => {
    if (!files.has(path)) files.set(path, read!(path));
    return files.get(path);
  };
  const at = (value: Json, pointer: string): Json => {
    if (pointer === '') return value;
    return pointer
      .split('/')
      .slice(1)
      .map(unescapePointerToken)
      .reduce<Json>((node, token) => (isObject(node) || Array.isArray(node) ? (node as Record<string, Json>)[token] : undefined), value);
  };
  return {
    root: { value: document, loc: { file: rootFile, pointer: '' } },
    child: (loc, key) => ({ file: loc.file, pointer: `${loc.pointer}/${escapePointerToken(key)}` }),
    resolveRef(node) {
      const ref = (node.value as { $ref: string }).$ref;
      const hash = ref.indexOf('#');
      const uri = hash < 0 ? ref : ref.slice(0, hash);
      let pointer = hash < 0 ? '' : ref.slice(hash + 1);
      try {
        pointer = decodeURIComponent(pointer);
      } catch {
        // keep the raw pointer: it is looked up as written
      }
      let target = node.loc.file;
      if (uri !== '') {
        if (!file || /^[a-z]+:/i.test(uri)) return { error: `cannot resolve $ref ${ref} (only local and relative file references)` };
        target = resolve(dirname(node.loc.file), uri);
      }
      let content: Json;
      try {
        content = load(target);
      } catch (error) {
        return { error: `cannot resolve $ref ${ref}: ${(error as Error).message.split('\n')[0]}` };
      }
      const value = at(content, pointer);
      if (value === undefined) return { error: `$ref ${ref} points to nothing` };
      return { value, loc: { file: target, pointer } };
    },
    key: (loc) => `${loc.file}#${loc.pointer}`,
    pointer: (loc) =>
      loc.file === rootFile ? loc.pointer : `${relative(dirname(rootFile), loc.file)}#${loc.pointer}`,
  };
}
