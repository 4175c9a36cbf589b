// Section 5: "How the service authenticates itself to the receiver of callbacks: not shown." Under
// OpenAPI's rule an operation without `security` takes the document's top-level requirement, so a
// webhook that declared none would say the service sends the integrator's API key to the receiver,
// and any tool following the rule (a mock server, a generated receiver, Redoc) would demand it.
import { describe, expect, it } from 'vitest';
import { apiIds, deref, type Json, loadBundle } from './bundles.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** OpenAPI 3.1, Operation Object `security`: the operation's own list, else the document's. */
const effectiveSecurity = (document: Json, operation: Json): Json[] => operation.security ?? document.security ?? [];

/** A requirement list asks for credentials unless it is empty or offers `{}` (anonymous). */
const asksForCredentials = (requirements: Json[]) =>
  requirements.length > 0 && requirements.every((requirement) => Object.keys(requirement).length > 0);

const webhookOperations = (document: Json) =>
  Object.entries<Json>(document.webhooks ?? {}).flatMap(([name, raw]) => {
    const item = deref(document, raw);
    return METHODS.filter((method) => item[method]).map((method) => ({ name, method, operation: item[method] }));
  });

describe.each(apiIds)('%s', (id) => {
  const document = loadBundle(id);
  const hooks = webhookOperations(document);

  it.runIf(hooks.length > 0).each(hooks.map((hook) => [`${hook.name} ${hook.method}`, hook] as const))(
    'webhook %s: no security requirement, of its own or inherited',
    (_name, { operation }) => {
      expect(operation.security, 'declared on the operation, so the top-level requirement does not apply').toEqual([]);
      expect(asksForCredentials(effectiveSecurity(document, operation))).toBe(false);
    },
  );

  it('the rule the test applies does see the interface requirement on its requests', () => {
    const requests = Object.values<Json>(document.paths).flatMap((item) => METHODS.filter((m) => item[m]).map((m) => item[m]));
    expect(requests.some((operation) => asksForCredentials(effectiveSecurity(document, operation)))).toBe(true);
  });
});
