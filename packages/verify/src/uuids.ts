// Whether two ids of an interface are the same: B's Uuid is "string in UUID format" (section 2.2),
// and RFC 4122's hex is case-insensitive, so an id in upper case in a 202 and lower case in its
// callback is one id; C's Uuid is lower-case hex (section 2.3, its pattern), so a case difference
// there is a deviation to name. Read from each interface's `Uuid` schema in the bundle.
import { bundle, type ApiId } from './contract.js';
import { subsection, letterOf } from './sections.js';

const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SAMPLE = '3f1c9b2e-7a4d-4e8b-9c21-5d6f0a7b8c9d';

const caseCache = new Map<ApiId, boolean>();
/** Whether the interface's Uuid pattern refuses upper-case hex (C's); without a pattern, case does not matter. */
export function uuidIsLowerCase(api: ApiId): boolean {
  let lower = caseCache.get(api);
  if (lower === undefined) {
    const pattern = bundle(api).components?.schemas?.Uuid?.pattern;
    lower = typeof pattern === 'string' && new RegExp(pattern).test(SAMPLE) && !new RegExp(pattern).test(SAMPLE.toUpperCase());
    caseCache.set(api, lower);
  }
  return lower;
}

/** Whether two values are the same id: equal, or (where the interface's Uuid allows either case) the same uuid in another case. */
export function sameId(api: ApiId, a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return !uuidIsLowerCase(api) && differInCaseOnly(a, b);
}

/** Two uuids that differ in letter case only. */
export function differInCaseOnly(a: unknown, b: unknown): boolean {
  return typeof a === 'string' && typeof b === 'string' && a !== b && UUID_TEXT.test(a) && a.toLowerCase() === b.toLowerCase();
}

/** Why a case difference is a deviation on this interface. */
export function caseRule(api: ApiId): string {
  return `${letterOf(api)}'s Uuid is lower-case (section ${subsection(api, 2)})`;
}
