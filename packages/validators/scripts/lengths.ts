// `maxLength` counts code points only for a string longer than its limit in UTF-16 units.
//
// ajv's `maxLength` counts the code points of every string (ucs2length, a loop over the string)
// to compare with the limit, valid or not. A string's length in UTF-16 units is never below its
// count of code points, so a string within the limit in units is within it in code points too:
// only a longer one needs the count. Same verdict, same error (keyword `maxLength`, params
// `{limit}`), one comparison for the strings of a valid value instead of a loop over each.
// (scripts/patterns.ts decides `pattern` after `maxLength` the same way.)
import { createRequire } from 'node:module';
import type { CodeKeywordDefinition, KeywordCxt } from 'ajv';

const require = createRequire(import.meta.url);
const { _ } = require('ajv') as typeof import('ajv');
const { useFunc } = require('ajv/dist/compile/util') as typeof import('ajv/dist/compile/util.js');
const ucs2length = (require('ajv/dist/runtime/ucs2length') as typeof import('ajv/dist/runtime/ucs2length.js')).default;

/** ajv's `maxLength` (`original`, its rule's definition) with the count skipped as above; `$data` and `unicode: false` keep ajv's own. */
export function unitsFirstMaxLength(original: CodeKeywordDefinition): CodeKeywordDefinition {
  return {
    ...original,
    code(cxt: KeywordCxt, ruleType?: string) {
      const { data, schemaCode, it } = cxt;
      if (cxt.$data || it.opts.unicode === false) return original.code(cxt, ruleType);
      cxt.fail$data(_`${data}.length > ${schemaCode} && ${useFunc(cxt.gen, ucs2length)}(${data}) > ${schemaCode}`);
    },
  };
}
