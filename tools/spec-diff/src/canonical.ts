// One layout for callbacks before diffing. A bundle may hold a callback's path item inline or as a
// `$ref` to components.pathItems (our bundles use the `$ref`, an older bundle or another tool may
// inline it); the two mean the same contract, so both sides are compared with callbacks inlined.
import type { Json } from './diff.js';

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const prefix = '#/components/pathItems/';

/** A copy of `document` whose callbacks hold their path items inline. */
export function inlineCallbackPathItems(document: Json): Json {
  const copy = structuredClone(document);
  const pathItems = copy?.components?.pathItems ?? {};
  for (const pathItem of Object.values<Json>(copy?.paths ?? {})) {
    for (const method of methods) {
      for (const callback of Object.values<Json>(pathItem?.[method]?.callbacks ?? {})) {
        for (const [expression, item] of Object.entries<Json>(callback)) {
          const name = typeof item?.$ref === 'string' && item.$ref.startsWith(prefix) ? item.$ref.slice(prefix.length) : undefined;
          if (name !== undefined && pathItems[name]) callback[expression] = structuredClone(pathItems[name]);
        }
      }
    }
  }
  return copy;
}
