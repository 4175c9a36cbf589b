// `pattern` in time linear in the string. JavaScript's RegExp backtracks: C's MimeType pattern
// `\w+\/[-+.\w]+` (section 2.3), unanchored as the document gives it, takes time quadratic in a
// string of word characters (200,000 of them: over 4 s). The pattern keeps its meaning; what
// changes is when it runs:
//   - beside a `maxLength`, the pattern is tested only on a string that keeps that limit, so it
//     never runs on more than `maxLength` characters, and an over-long string costs one length
//     count (it is refused by `maxLength` anyway);
//   - without a `maxLength`, the generator accepts only a pattern that cannot backtrack: anchored
//     with `^`, with no quantifier and no alternation (B's `^\+`), so it looks at a fixed number of
//     characters. Any other one in a bundle fails generation (unboundedPatterns), naming the
//     pattern: give its schema a `maxLength` (the document bounds every string) first.
// This replaces ajv's own `pattern` keyword (same error: keyword `pattern`, params `{pattern}`) in
// every ajv that createAjv builds, so the generated code and the tests' reference validators agree.
import { createRequire } from 'node:module';
import type { CodeKeywordDefinition, KeywordCxt } from 'ajv';

const require = createRequire(import.meta.url);
const { _, str } = require('ajv') as typeof import('ajv');
const { usePattern } = require('ajv/dist/vocabularies/code') as typeof import('ajv/dist/vocabularies/code.js');
const { useFunc } = require('ajv/dist/compile/util') as typeof import('ajv/dist/compile/util.js');
const ucs2length = (require('ajv/dist/runtime/ucs2length') as typeof import('ajv/dist/runtime/ucs2length.js')).default;

/**
 * True when a pattern looks at a fixed number of characters whatever the string: anchored at the
 * start, no quantifier (`*`, `+`, `?`, `{`) and no alternation outside escapes and classes.
 */
export function isFixedWidthAnchored(pattern: string): boolean {
  if (!pattern.startsWith('^')) return false;
  const bare = pattern.replace(/\\./g, 'x').replace(/\[(?:\\.|[^\]\\])*\]/g, 'x');
  return !/[*+?{|]/.test(bare);
}

/**
 * Where a bundle has a pattern that could take more than linear time: no `maxLength` beside it,
 * and not fixed-width anchored. JSON pointers with the pattern, for the generator to refuse.
 */
export function unboundedPatterns(bundle: unknown): string[] {
  const found: string[] = [];
  const walk = (node: unknown, pointer: string) => {
    if (Array.isArray(node)) node.forEach((item, i) => walk(item, `${pointer}/${i}`));
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return;
    const { pattern, maxLength } = node as { pattern?: unknown; maxLength?: unknown };
    if (typeof pattern === 'string' && typeof maxLength !== 'number' && !isFixedWidthAnchored(pattern)) {
      found.push(`${pointer}/pattern ${JSON.stringify(pattern)}`);
    }
    for (const [key, value] of Object.entries(node)) walk(value, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  };
  walk(bundle, '');
  return found;
}

/** ajv's `pattern`, decided after the sibling `maxLength` (see above). */
export const boundedPattern: CodeKeywordDefinition = {
  keyword: 'pattern',
  type: 'string',
  schemaType: 'string',
  error: {
    message: ({ schemaCode }) => str`must match pattern "${schemaCode}"`,
    params: ({ schemaCode }) => _`{pattern: ${schemaCode}}`,
  },
  code(cxt: KeywordCxt) {
    const { gen, data, schema, parentSchema, it } = cxt;
    const regExp = usePattern(cxt, schema as string);
    const max = (parentSchema as { maxLength?: unknown }).maxLength;
    if (typeof max === 'number' && Number.isSafeInteger(max) && max >= 0) {
      // `.length` (UTF-16 units) is never below the length in code points that maxLength counts,
      // so the count is only needed between the two.
      const length = it.opts.unicode === false ? _`${data}.length` : _`${useFunc(gen, ucs2length)}(${data})`;
      cxt.fail(_`(${data}.length <= ${max} || ${length} <= ${max}) && !${regExp}.test(${data})`);
      return;
    }
    // Without a maxLength, as ajv's own (a bundle's such patterns are checked by unboundedPatterns).
    cxt.fail(_`!${regExp}.test(${data})`);
  },
};
