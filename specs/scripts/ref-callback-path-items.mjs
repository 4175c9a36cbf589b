// Redocly's bundler inlines a callback's path item (an operation's `callbacks` entry or a
// top-level `webhooks` entry) even when the same path item is registered in components.pathItems,
// so every callback operation (and its operationId) would appear twice. This points each such
// callback or webhook back at its component: one definition, unique operationIds, and the
// generated types name the callback by its component.
import { isDeepStrictEqual } from 'node:util';

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export function refCallbackPathItems(document) {
  const pathItems = Object.entries(document.components?.pathItems ?? {});
  /** Replaces `holder[key]` with a `$ref` when it is a copy of a registered path item. */
  const refer = (holder, key) => {
    const match = pathItems.find(([, component]) => isDeepStrictEqual(component, holder[key]));
    if (match) holder[key] = { $ref: `#/components/pathItems/${match[0]}` };
  };
  for (const pathItem of Object.values(document.paths ?? {})) {
    for (const method of methods) {
      for (const callback of Object.values(pathItem[method]?.callbacks ?? {})) {
        for (const expression of Object.keys(callback)) refer(callback, expression);
      }
    }
  }
  const webhooks = document.webhooks ?? {};
  for (const name of Object.keys(webhooks)) refer(webhooks, name);
  return document;
}
