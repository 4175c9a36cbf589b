// What makes a bundle usable at all. A bundle reduced to `{}`, `null`, `[]` or `42`, or one without
// `paths`, has nothing to compare: diffing it would report "no breaking changes" (issue 12, item 14),
// so it is refused as unusable input (exit 2) before anything is compared.
import { depthOf } from '@messaging-contracts/spec-check';
import type { Json } from './diff.js';
import { UnusableInput } from './errors.js';

/**
 * Deepest nesting of objects and arrays accepted in a bundle. The real bundles nest about 20
 * levels; api-smart-diff and the policy recurse per level, so a bound far below the stack's keeps
 * a hostile bundle (3 000 nested `allOf`) an input error rather than a crash. A choice of this tool.
 */
export const maxBundleDepth = 256;

const kindOf = (value: Json) => (value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`);

/** Throws UnusableInput, with one line naming `where` and what is wrong, unless `bundle` is usable. */
export function assertUsableBundle(bundle: Json, where: string, maxDepth = maxBundleDepth): void {
  if (bundle === null || typeof bundle !== 'object' || Array.isArray(bundle)) {
    throw new UnusableInput(`${where}: not an OpenAPI document (the top level is ${kindOf(bundle)}, not an object)`);
  }
  if (typeof bundle.openapi !== 'string' || !/^3\.\d+(\.\d+)?$/.test(bundle.openapi)) {
    throw new UnusableInput(`${where}: not an OpenAPI 3 document ("openapi" is ${JSON.stringify(bundle.openapi) ?? 'missing'})`);
  }
  const paths = bundle.paths;
  if (paths === null || typeof paths !== 'object' || Array.isArray(paths)) {
    throw new UnusableInput(`${where}: no "paths" object (found ${paths === undefined ? 'none' : kindOf(paths)}): nothing to compare`);
  }
  const depth = depthOf(bundle, maxDepth);
  if (depth > maxDepth) throw new UnusableInput(`${where}: nested deeper than ${maxDepth} levels: refused (spec-diff's bound)`);
}
