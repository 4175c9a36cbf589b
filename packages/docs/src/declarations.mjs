// @ts-check
// What the samples need to know about this repository's client and receiver packages, read from their
// published type declarations (`dist/*.d.ts`), so a sample names the factory and the options the
// package really has, and the type-check in samples.test.ts then proves the call compiles.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * @typedef {{ name: string, type: string }} Member
 * @typedef {{ name: string, options: Member[] }} Factory a `create...(options)` function and its options' required members
 */

/**
 * Every `.d.ts` of a package's dist folder, concatenated.
 * @param {string} packageName
 */
export function declarationsOf(packageName) {
  const entry = require.resolve(packageName);
  const dist = dirname(entry);
  return readdirSync(dist)
    .filter((file) => file.endsWith('.d.ts'))
    .sort()
    .map((file) => readFileSync(join(dist, file), 'utf8'))
    .join('\n');
}

/**
 * Required members (no `?`) of `interface <name> ... { ... }`, without comments. The interfaces these
 * packages export have no nested braces in their members, which this reader relies on.
 * @param {string} dts
 * @param {string} name
 * @returns {Member[]}
 */
export function requiredMembers(dts, name) {
  const found = new RegExp(`interface ${name}\\b[^{]*\\{([^}]*)\\}`).exec(dts.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, ''));
  if (!found) throw new Error(`no interface ${name} in the declarations`);
  return [...(found[1] ?? '').matchAll(/^\s*(\w+)\s*:\s*([^;]+);/gm)].map((match) => ({ name: match[1] ?? '', type: (match[2] ?? '').trim() }));
}

/**
 * Every `declare function create<Something>(options: <Type>)` whose name matches, with the options'
 * required members.
 * @param {string} dts
 * @param {RegExp} namePattern
 * @returns {Factory[]}
 */
export function factories(dts, namePattern) {
  return [...dts.matchAll(/declare function (create\w+)\(options: (\w+)\)/g)]
    .filter((match) => namePattern.test(match[1] ?? ''))
    .map((match) => ({ name: match[1] ?? '', options: requiredMembers(dts, match[2] ?? '') }));
}
