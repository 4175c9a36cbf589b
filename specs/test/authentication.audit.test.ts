// Section 5, read as data: an interface whose row says a request without correct credentials
// receives 401 (B, C) declares that 401 on every operation a request can carry credentials to,
// with one error body, whether or not the operation also allows an anonymous request (B's
// description endpoint: whether it needs credentials is not shown, so wrong ones may still be
// answered 401).
import { describe, expect, it } from 'vitest';
import { apiIds, deref, type Json, loadBundle } from './bundles.ts';
import { interfaceTable, readSpecDocument, sectionText, tableRows } from '@messaging-contracts/spec-document';

const markdown = readSpecDocument();
const schemes = new Map(tableRows(sectionText(markdown, '5'), '| Interface | Scheme |').map(([label, scheme]) => [label!, scheme!]));
const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function bundleOf(basePath: string): Json {
  const id = apiIds.find((apiId) => loadBundle(apiId).servers?.[0]?.url?.endsWith(basePath));
  if (!id) throw new Error(`no bundle serves ${basePath}`);
  return loadBundle(id);
}

const answering401 = interfaceTable(markdown).filter(({ label }) => /\b401\b/.test(schemes.get(label) ?? ''));

describe('the spec document', () => {
  it('says a request without correct credentials receives 401 for B and C (section 5)', () => {
    expect(answering401.map(({ label }) => label)).toEqual(['B', 'C']);
  });
});

describe.each(answering401)('interface $label', ({ basePath }) => {
  const document = bundleOf(basePath);
  const operations = Object.entries<Json>(document.paths ?? {}).flatMap(([path, item]) =>
    methods.filter((method) => item[method]).map((method) => [`${method.toUpperCase()} ${path}`, item[method]] as const),
  );
  const bodyOf = (operation: Json) => deref(document, operation.responses?.['401'])?.content?.['application/json']?.schema;

  it.each(operations)('%s declares 401 with the interface error body', (_name, operation) => {
    const credentialed = (operation.security ?? document.security ?? []).some((requirement: Json) => Object.keys(requirement).length > 0);
    expect(credentialed, 'a request can carry credentials').toBe(true);
    expect(bodyOf(operation), '401 with a JSON body').toBeDefined();
  });

  it('gives every 401 the same body', () => {
    expect(new Set(operations.map(([, operation]) => JSON.stringify(bodyOf(operation)))).size).toBe(1);
  });
});
