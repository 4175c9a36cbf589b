import { posix } from 'node:path';
import type { Manifest } from './workspace.js';

/** Files npm always packs from the package folder, whatever `files` says. */
const ALWAYS_PACKED = [/^package\.json$/, /^README(\.md)?$/i, /^LICEN[CS]E(\.(md|txt))?$/i, /^CHANGELOG\.md$/i];

/**
 * What never belongs in a published package, even inside a declared folder: tests and their
 * helpers (a stray `tsc` emit of them lands in dist/), build and tool configuration, caches.
 */
const FORBIDDEN: [RegExp, string][] = [
  [/(^|\/)[^/]+\.(test|spec)(-d)?\.[cm]?[jt]sx?$/, 'a test file'],
  [/(^|\/)[^/]+\.test-d\.d\.ts$/, 'a type test'],
  [/(^|\/)(__tests__|test-support|testing)\//, 'a test helper'],
  [/(^|\/)tsconfig[^/]*\.json$/, 'a tsconfig'],
  [/(^|\/)vitest\.config\.[cm]?[jt]s$/, 'a vitest config'],
  [/\.tsbuildinfo$/, 'a TypeScript build cache'],
  [/(^|\/)\.turbo\//, 'a turbo cache'],
  [/(^|\/)node_modules\//, 'node_modules'],
  [/\.tgz$/, 'a tarball'],
  [/(^|\/)\.env(\.|$)/, 'an env file'],
];

/**
 * Problems with a tarball's file list: the README or LICENSE is missing, a file is neither always packed nor
 * under a declared `files` entry, a forbidden file is shipped, or a path the manifest points at
 * (`exports`, `types`, `main`, `module`, `bin`) is not in the tarball. Empty when all is well.
 */
export function checkFileList(manifest: Manifest, files: readonly string[]): string[] {
  const problems: string[] = [];
  const shipped = new Set(files);
  // LICENSE: the manifest says MIT, whose text must travel with every copy (the repository's
  // LICENSE, copied into each published package's folder; package-check's workspace test holds
  // each copy to it).
  for (const required of ['package.json', 'README.md', 'LICENSE']) {
    if (!shipped.has(required)) problems.push(`${required} is missing`);
  }
  const declared = Array.isArray(manifest.files) ? (manifest.files as string[]) : undefined;
  if (declared === undefined) problems.push('package.json has no "files": the tarball would ship the whole folder');
  for (const file of files) {
    const forbidden = FORBIDDEN.find(([pattern]) => pattern.test(file));
    if (forbidden) {
      problems.push(`${file} is ${forbidden[1]} and must not be published`);
      continue;
    }
    if (ALWAYS_PACKED.some((pattern) => pattern.test(file))) continue;
    if (declared && !declared.some((entry) => matchesFilesEntry(entry, file))) {
      problems.push(`${file} is not under any "files" entry (${declared.join(', ')})`);
    }
  }
  for (const [field, target] of manifestTargets(manifest)) {
    if (target.includes('*')) {
      // In `exports`, `*` stands for any string, `/` included (Node's subpath patterns).
      const pattern = new RegExp(`^${normalise(target).split('*').map(escapeRegExp).join('.+')}$`);
      if (!files.some((file) => pattern.test(file))) problems.push(`${field} -> ${target} matches no file in the tarball`);
    } else if (!shipped.has(normalise(target))) {
      problems.push(`${field} -> ${target} is not in the tarball`);
    }
  }
  return problems;
}

/**
 * Source maps whose `sources` are not shipped, and `sourceMappingURL` comments naming a missing
 * map: "go to definition" in a consumer's editor would land on a file that does not exist.
 */
export function checkSourceMaps(files: ReadonlyMap<string, Uint8Array>): string[] {
  const problems: string[] = [];
  const decoder = new TextDecoder();
  for (const [path, data] of files) {
    if (path.endsWith('.map')) {
      let map: { sources?: unknown; sourceRoot?: unknown };
      try {
        map = JSON.parse(decoder.decode(data)) as typeof map;
      } catch {
        problems.push(`${path} is not valid JSON`);
        continue;
      }
      const root = typeof map.sourceRoot === 'string' ? map.sourceRoot : '';
      for (const source of Array.isArray(map.sources) ? map.sources : []) {
        if (typeof source !== 'string' || /^[a-z]+:/i.test(source)) continue;
        const resolved = posix.normalize(posix.join(posix.dirname(path), root, source));
        if (!files.has(resolved)) problems.push(`${path} maps to ${source}, which is not in the tarball`);
      }
    } else if (/\.(c|m)?js$|\.d\.(c|m)?ts$/.test(path)) {
      const match = /\/[/*]# sourceMappingURL=([^\s*]+)/.exec(decoder.decode(data));
      if (match?.[1] && !match[1].startsWith('data:')) {
        const resolved = posix.normalize(posix.join(posix.dirname(path), match[1]));
        if (!files.has(resolved)) problems.push(`${path} names the source map ${match[1]}, which is not in the tarball`);
      }
    }
  }
  return problems;
}

/** Every file path the manifest points at, with the field it came from (`exports["."].types`). */
export function manifestTargets(manifest: Manifest): [string, string][] {
  const targets: [string, string][] = [];
  for (const field of ['main', 'module', 'types', 'typings'] as const) {
    const value = manifest[field];
    if (typeof value === 'string') targets.push([field, value]);
  }
  const bin = manifest.bin;
  if (typeof bin === 'string') targets.push(['bin', bin]);
  else if (bin && typeof bin === 'object') {
    for (const [name, value] of Object.entries(bin)) if (typeof value === 'string') targets.push([`bin.${name}`, value]);
  }
  const walk = (value: unknown, at: string): void => {
    if (typeof value === 'string') targets.push([at, value]);
    else if (Array.isArray(value)) value.forEach((item, index) => walk(item, `${at}[${index}]`));
    else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) walk(item, `${at}[${JSON.stringify(key)}]`);
    }
  };
  walk(manifest.exports, 'exports');
  return targets;
}

function normalise(target: string): string {
  return posix.normalize(target).replace(/^\.\//, '');
}

function matchesFilesEntry(entry: string, file: string): boolean {
  const normalised = normalise(entry).replace(/\/$/, '');
  if (normalised.includes('*')) return globToRegExp(normalised).test(file) || globToRegExp(`${normalised}/**`).test(file);
  return file === normalised || file.startsWith(`${normalised}/`);
}

function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let index = 0; index < glob.length; index += 1) {
    const char = glob[index] as string;
    if (char === '*' && glob[index + 1] === '*') {
      source += '.*';
      index += 1;
      if (glob[index + 1] === '/') index += 1;
    } else if (char === '*') source += '[^/]*';
    else source += escapeRegExp(char);
  }
  return new RegExp(`^${source}$`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}
