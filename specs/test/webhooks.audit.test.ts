// Section 6's events are top-level webhooks: the receiver's address is registered out of band
// ("where the callback address is registered or configured: not shown"), which is what OpenAPI
// 3.1's webhooks describe. A webhook keeps the address placeholder and the method of the section 4
// sentence that names its body ("POST to a receiver-supplied address `{$url}`, body
// StatusCallback"), for readers; a webhook no sentence names (B's reply callback: "Trigger and
// target of the reply callback: not shown") carries no address, and says its target and method are
// not shown. The operation that triggers each webhook names it.
import { describe, expect, it } from 'vitest';
import { apiIds, deref, type Json, loadBundle } from './bundles.ts';
import { documentedCallbacks, eventCounts, interfaceTable, readSpecDocument, sectionText } from '@messaging-contracts/spec-document';

const markdown = readSpecDocument();
const callbacks = documentedCallbacks(markdown);
const events = eventCounts(markdown);
const notShown = {
  retryAndSigning: sectionText(markdown, '6').includes('Retry behaviour and signing of callbacks: not shown.'),
  authentication: sectionText(markdown, '5').includes('How the service authenticates itself to the receiver of callbacks: not shown.'),
};
const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function bundleOf(basePath: string): Json {
  const id = apiIds.find((apiId) => loadBundle(apiId).servers?.[0]?.url?.endsWith(basePath));
  if (!id) throw new Error(`no bundle serves ${basePath}`);
  return loadBundle(id);
}

const operationsOf = (document: Json): Json[] =>
  Object.values<Json>(document.paths ?? {}).flatMap((item) => methods.map((method) => item[method]).filter(Boolean));

describe('the spec document', () => {
  it('gives one callback sentence each for B and C, naming the status callback, and events in section 6', () => {
    expect(Object.fromEntries(callbacks)).toEqual({
      B: [{ method: 'POST', address: '{$url}', body: 'StatusCallback' }],
      C: [{ method: 'POST', address: '{$statusCallbackUrl}', body: 'StatusCallback' }],
    });
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

  // The schema name of the webhook's request body: what a section 4 sentence's "body X" names.
  const bodyOf = (pathItem: Json): string => {
    const [operation] = methods.map((method) => pathItem[method]).filter(Boolean);
    const ref: string = operation?.requestBody?.content?.['application/json']?.schema?.$ref ?? '';
    return ref.replace('#/components/schemas/', '');
  };
  const documented = callbacks.get(label) ?? [];

  it.each(webhooks.map(([name, item]) => [name, item] as const))(
    'webhook %s points at its path item in components.pathItems and keeps what section 4 says of its address',
    (name, item) => {
      expect(item.$ref).toMatch(/^#\/components\/pathItems\/\w+$/);
      const pathItem = deref(document, item);
      const operations = methods.filter((method) => pathItem[method]);
      expect(operations, 'one operation').toHaveLength(1);
      expect(pathItem[operations[0]!].operationId).toMatch(/^receive\w+Callback$/);
      expect(pathItem.description).toContain(`Webhook \`${name}\``);
      expect(pathItem.description).toMatch(/registered\s+or\s+configured[^.]*\snot\s+shown\s+in\s+the\s+spec\s+document/);
      const said = documented.find((callback) => callback.body === bodyOf(pathItem));
      if (said) {
        expect(operations, `the method of "${said.method} to ${said.address}"`).toEqual([said.method.toLowerCase()]);
        expect(pathItem['x-callback-address']).toBe(said.address);
        expect(pathItem.description).toContain(`\`${said.address}\``);
        return;
      }
      // No sentence of section 4 names this body: its address and method are not the document's.
      expect(pathItem['x-callback-address'], 'no address the document does not give').toBeUndefined();
      const text = JSON.stringify(pathItem);
      for (const { address } of documented) expect(text, `another callback's address ${address}`).not.toContain(address);
      expect(pathItem.description).toMatch(/target\s+are\s+not\s+shown\s+in\s+the\s+spec\s+document/);
      expect(pathItem[operations[0]!].description).toMatch(/method\s+is\s+not\s+shown\s+in\s+the\s+spec\s+document[^.]*:\s+\w+\s+is\s+this\s+contract's\s+choice/);
    },
  );

  // The document gives the receiver's answers their status (and C's 200 its header), never a body
  // where none is named: a webhook answer without `content` is "not shown", not "no body" (the
  // types read `content?: never`; the types READMEs say so), and its description says which.
  it.each(webhooks.map(([name, item]) => [name, item] as const))('webhook %s: an answer without content says its body is not shown', (_name, item) => {
    const pathItem = deref(document, item);
    for (const method of methods.filter((m) => pathItem[m])) {
      for (const [status, raw] of Object.entries<Json>(pathItem[method].responses ?? {})) {
        const response = deref(document, raw);
        if (response.content !== undefined) continue;
        expect(response.description, `${method.toUpperCase()} ${status}`).toMatch(/(body|answer) is not shown in the spec document/);
      }
    }
  });

  // Sections 5 and 6 leave open, for every callback, how the service authenticates itself to the
  // receiver, its retry behaviour and the signing of callbacks: each webhook operation says so, so a
  // reader of one callback (B's reply as much as the status callbacks) never takes them as given.
  it.each(webhooks.map(([name, item]) => [name, item] as const))('webhook %s says its retries, signing and the service\'s authentication are not shown', (_name, item) => {
    expect(notShown.retryAndSigning && notShown.authentication, 'sections 5 and 6 still say so').toBe(true);
    const pathItem = deref(document, item);
    for (const method of methods.filter((m) => pathItem[m])) {
      const text = String(pathItem[method].description ?? '').replace(/\s+/g, ' ');
      const sentences = text.split(/(?<=\.) (?=[A-Z])/).filter((sentence) => /not shown in the spec document/i.test(sentence));
      expect(sentences.some((sentence) => /\bretry behaviour\b/i.test(sentence) && /\bsigning of callbacks\b/i.test(sentence)), `${method}: retry behaviour and signing not shown`).toBe(true);
      expect(sentences.some((sentence) => /how the service authenticates itself to the receiver/i.test(sentence)), `${method}: the service's authentication not shown`).toBe(true);
    }
  });

  it('names every webhook in the description of the operation that triggers it', () => {
    const described = operationsOf(document).map((operation) => operation.description as string);
    for (const [name] of webhooks) {
      expect(described.some((text) => text.includes(`webhook \`${name}\``)), name).toBe(true);
    }
  });
});
