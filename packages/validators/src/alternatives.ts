// When a value matches none of a `oneOf`/`anyOf`'s alternatives, ajv reports every alternative's
// errors, then the `oneOf` itself. For C's delivery attempts (section 2.3: the attempt's fields
// directly in the element, or wrapped in one key) a wrapped attempt with a bad timeout would then
// read "channel is required" (the direct form's complaint) beside the real fault at
// `/delivery_attempts/0/first/timeout`. An error two or more levels inside the failing value can
// only come from an alternative that went inside one of its properties: when all the deepest
// errors are inside one property, that alternative is the one the sender meant, and only its
// errors are kept. Otherwise (every error at the value or its own fields) nothing tells the
// alternatives apart, and every error stays.
import type { RawError } from './violations.js';

const ALTERNATIVES = new Set(['oneOf', 'anyOf']);

const under = (pointer: string, base: string) => pointer === base || pointer.startsWith(`${base}/`);

/** Where an error points: its value, or the missing property for `required`. */
const pointerOf = ({ instancePath, keyword, params }: RawError) =>
  keyword === 'required' && typeof params.missingProperty === 'string' ? `${instancePath}/${params.missingProperty}` : instancePath;

const depth = (pointer: string) => (pointer === '' ? 0 : pointer.split('/').length - 1);

/** The errors to report: for each failed oneOf/anyOf, only the alternative's that went furthest inside, when one did. */
export function narrowAlternatives(errors: readonly RawError[]): readonly RawError[] {
  let dropped: Set<number> | undefined;
  errors.forEach((error, index) => {
    if (!ALTERNATIVES.has(error.keyword)) return;
    const base = error.instancePath;
    // ajv collects the alternatives' errors just before the error of the keyword itself.
    let start = index;
    while (start > 0 && under(errors[start - 1]!.instancePath, base)) start--;
    const pointers = errors.slice(start, index).map(pointerOf);
    const deepest = Math.max(...pointers.map(depth));
    if (!(deepest >= depth(base) + 2)) return;
    const steps = new Set(pointers.filter((p) => depth(p) === deepest).map((p) => p.slice(base.length + 1).split('/')[0]));
    if (steps.size !== 1) return;
    const inside = `${base}/${[...steps][0]}`;
    dropped ??= new Set();
    pointers.forEach((pointer, i) => {
      if (!under(pointer, inside)) dropped!.add(start + i);
    });
    dropped.add(index);
  });
  return dropped ? errors.filter((_, i) => !dropped!.has(i)) : errors;
}
