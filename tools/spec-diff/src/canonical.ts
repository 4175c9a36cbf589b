// One layout for callbacks before diffing. A bundle may hold a callback's path item (an
// operation's `callbacks` entry or a top-level webhook) inline or as a `$ref` to
// components.pathItems (our bundles use the `$ref`, an older bundle or another tool may inline
// it); the two mean the same contract, so both sides are compared with callbacks inlined.
import type { Json } from './diff.js';

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const prefix = '#/components/pathItems/';

/** A copy of `document` whose callbacks and webhooks hold their path items inline. */
export function inlineCallbackPathItems(document: Json): Json {
  const copy = structuredClone(document);
  const pathItems = copy?.components?.pathItems ?? {};
  const inline = (holder: Json, key: string) => {
    const item = holder[key];
    const name = typeof item?.$ref === 'string' && item.$ref.startsWith(prefix) ? item.$ref.slice(prefix.length) : undefined;
    if (name !== undefined && pathItems[name]) holder[key] = structuredClone(pathItems[name]);
  };
  for (const pathItem of Object.values<Json>(copy?.paths ?? {})) {
    for (const method of methods) {
      for (const callback of Object.values<Json>(pathItem?.[method]?.callbacks ?? {})) {
        for (const expression of Object.keys(callback)) inline(callback, expression);
      }
    }
  }
  const webhooks = copy?.webhooks ?? {};
  for (const name of Object.keys(webhooks)) inline(webhooks, name);
  return copy;
}
