// Redocly's bundler inlines a callback's path item even when the same file is registered in
// components.pathItems, so every callback operation (and its operationId) would appear twice.
// This points each such callback back at its component: one definition, unique operationIds,
// and the generated types name the callback by its component.
import { isDeepStrictEqual } from 'node:util';

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export function refCallbackPathItems(document) {
  const pathItems = Object.entries(document.components?.pathItems ?? {});
  for (const pathItem of Object.values(document.paths ?? {})) {
    for (const method of methods) {
      for (const callback of Object.values(pathItem[method]?.callbacks ?? {})) {
        for (const [expression, item] of Object.entries(callback)) {
          const match = pathItems.find(([, component]) => isDeepStrictEqual(component, item));
          if (match) callback[expression] = { $ref: `#/components/pathItems/${match[0]}` };
        }
      }
    }
  }
  return document;
}
