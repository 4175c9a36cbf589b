// Whether two ids are the same, decided by the schemas of the two fields compared: RFC 4122's hex
// is case-insensitive, so an id in upper case on one side and lower case on the other is one id,
// unless both fields refuse upper case. B's Uuid is "string in UUID format" (section 2.2); C's Uuid
// is lower-case hex (section 2.3, its pattern) and types the 202 reply's id, but C's StatusCallback
// `id` is "string uuid, max length 36" (section 2.3), no case given: a callback may name the
// message in upper case. Read from the bundle.
import { bundle, deref, type ApiId, type Json } from './contract.js';
import { subsection, letterOf } from './sections.js';

const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SAMPLE = '3f1c9b2e-7a4d-4e8b-9c21-5d6f0a7b8c9d';

/** Whether a schema's pattern refuses upper-case hex (C's Uuid); without a pattern, case does not matter. */
function refusesUpperCase(api: ApiId, node: Json | undefined): boolean {
  const pattern = deref(bundle(api), node)?.pattern;
  return typeof pattern === 'string' && new RegExp(pattern).test(SAMPLE) && !new RegExp(pattern).test(SAMPLE.toUpperCase());
}

const caseCache = new Map<string, boolean>();
/** Whether the interface's Uuid refuses upper-case hex (C's). */
export function uuidIsLowerCase(api: ApiId): boolean {
  let lower = caseCache.get(api);
  if (lower === undefined) {
    lower = refusesUpperCase(api, bundle(api).components?.schemas?.Uuid);
    caseCache.set(api, lower);
  }
  return lower;
}

/** Whether the `id` of a webhook's body (C's StatusCallback) refuses upper-case hex. */
function callbackIdIsLowerCase(api: ApiId, webhook: string): boolean {
  const key = `${api} ${webhook}`;
  let lower = caseCache.get(key);
  if (lower === undefined) {
    const document = bundle(api);
    const item = deref(document, document.webhooks?.[webhook]);
    const media = item?.post?.requestBody && deref(document, item.post.requestBody)?.content?.['application/json'];
    lower = refusesUpperCase(api, deref(document, media?.schema)?.properties?.id);
    caseCache.set(key, lower);
  }
  return lower;
}

/** Whether two values of the interface's Uuid type are the same id (the workflows' criteria). */
export function sameId(api: ApiId, a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return !uuidIsLowerCase(api) && differInCaseOnly(a, b);
}

/** Whether a callback's `id` names the message whose 202 reply gave `sent` (of the interface's Uuid type). */
export function sameCallbackId(api: ApiId, webhook: string, received: unknown, sent: unknown): boolean {
  if (received === sent) return true;
  return !(uuidIsLowerCase(api) && callbackIdIsLowerCase(api, webhook)) && differInCaseOnly(received, sent);
}

/** Two uuids that differ in letter case only. */
export function differInCaseOnly(a: unknown, b: unknown): boolean {
  return typeof a === 'string' && typeof b === 'string' && a !== b && UUID_TEXT.test(a) && a.toLowerCase() === b.toLowerCase();
}

/** Why a case difference between a callback's id and the reply's is a deviation on this interface. */
export function caseRule(api: ApiId, webhook: string): string {
  return `${letterOf(api)}'s Uuid and its ${webhook}'s id are lower-case (section ${subsection(api, 2)})`;
}
