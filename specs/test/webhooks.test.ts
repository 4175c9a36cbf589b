// Section 6's events are top-level webhooks: the receiver's address is registered out of band
// ("where the callback address is registered or configured: not shown"), which is what OpenAPI
// 3.1's webhooks describe. Each keeps the address placeholder section 4 writes, for readers, and
// the operation that triggers it says so.
import { describe, expect, it } from 'vitest';
import { apiIds, deref, type Json, loadBundle } from './bundles.ts';
import { callbackAddresses, eventCounts, interfaceTable, readSpecDocument } from './spec-document.ts';

const markdown = readSpecDocument();
const addresses = callbackAddresses(markdown);
const events = eventCounts(markdown);
const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function bundleOf(basePath: string): Json {
  const id = apiIds.find((apiId) => loadBundle(apiId).servers?.[0]?.url?.endsWith(basePath));
  if (!id) throw new Error(`no bundle serves ${basePath}`);
  return loadBundle(id);
}

const operationsOf = (document: Json): Json[] =>
  Object.values<Json>(document.paths ?? {}).flatMap((item) => methods.map((method) => item[method]).filter(Boolean));

describe('the spec document', () => {
  it('gives callback addresses for B and C, and events in section 6', () => {
    expect(Object.fromEntries(addresses)).toEqual({ B: ['{$url}'], C: ['{$statusCallbackUrl}'] });
    expect(Object.fromEntries(events)).toEqual({ B: 2, C: 1 });
  });
});

describe.each(interfaceTable(markdown))('interface $label', ({ label, basePath }) => {
  const document = bundleOf(basePath);
  const webhooks = Object.entries<Json>(document.webhooks ?? {});

  it('declares one webhook per event of section 6, and no operation callbacks', () => {
    expect(webhooks.length).toBe(events.get(label) ?? 0);
    for (const operation of operationsOf(document)) expect(operation.callbacks, operation.operationId).toBeUndefined();
  });

  it.each(webhooks.map(([name, item]) => [name, item] as const))(
    'webhook %s points at its path item in components.pathItems and keeps the address placeholder',
    (name, item) => {
      expect(item.$ref).toMatch(/^#\/components\/pathItems\/\w+$/);
      const pathItem = deref(document, item);
      expect(pathItem.post?.operationId).toMatch(/^receive\w+Callback$/);
      const [placeholder] = addresses.get(label) ?? [];
      expect(pathItem['x-callback-address']).toBe(placeholder);
      expect(pathItem.description).toContain(`\`${placeholder}\``);
      expect(pathItem.description).toContain(`Webhook \`${name}\``);
      expect(pathItem.description).toMatch(/registered\s+or\s+configured[^.]*\snot\s+shown\s+in\s+the\s+spec\s+document/);
    },
  );

  it('names every webhook in the description of the operation that triggers it', () => {
    const described = operationsOf(document).map((operation) => operation.description as string);
    for (const [name] of webhooks) {
      expect(described.some((text) => text.includes(`webhook \`${name}\``)), name).toBe(true);
    }
  });
});
