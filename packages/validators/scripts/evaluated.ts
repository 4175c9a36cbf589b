// ajv's tracking of evaluated properties and items, off where nothing reads it.
//
// JSON Schema 2020-12's `unevaluatedProperties` and `unevaluatedItems` judge what the other
// keywords of a schema did not evaluate, so Ajv2020 always compiles code that records, call by
// call, which properties and items each schema evaluated (`validateN.evaluated`, a `props` object
// built per `oneOf`...), and its constructor forces the option on. Only those two keywords read
// the record. A bundle without them gets the same verdicts without it, and C's body, whose
// delivery attempts are a `oneOf` (section 2.3), is checked about 15% faster; the generated code
// is smaller for every interface. The generator turns it off after construction, where ajv reads
// it when it compiles (`it.opts.unevaluated`).
import type { CodeKeywordDefinition, Options } from 'ajv';

const readers = new Set(['unevaluatedProperties', 'unevaluatedItems']);

/**
 * True when the bundle has `unevaluatedProperties` or `unevaluatedItems` anywhere (a property so
 * named is counted too: the tracking then stays, which is only slower).
 */
export function readsEvaluated(bundle: unknown): boolean {
  if (Array.isArray(bundle)) return bundle.some(readsEvaluated);
  if (bundle === null || typeof bundle !== 'object') return false;
  return Object.entries(bundle).some(([key, value]) => readers.has(key) || readsEvaluated(value));
}

/**
 * Turns the tracking off in an ajv whose schemas have no `unevaluated*` (the caller checks with
 * readsEvaluated). Should one be compiled there anyway, that fails loudly instead of judging
 * without the record.
 */
export function withoutEvaluatedTracking(ajv: { opts: Options; RULES: { all: Record<string, unknown> } }): void {
  (ajv.opts as { unevaluated?: boolean }).unevaluated = false;
  for (const keyword of readers) {
    const rule = ajv.RULES.all[keyword] as { definition?: CodeKeywordDefinition } | undefined;
    if (rule?.definition) {
      rule.definition.code = () => {
        throw new Error(`${keyword} in a schema compiled without the tracking of evaluated properties (scripts/evaluated.ts)`);
      };
    }
  }
}
