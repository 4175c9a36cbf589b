// Test support: a keyword's value where a bundle's component schema holds it, read directly. A
// test that exercises a mechanism with a contract value (a limit, the days ahead) takes it from
// here rather than restating it, so a maintainer's legitimate change of a limit fails no test of
// the verifier; the document's numbers themselves are pinned once, by spec-check's catalogue.
import { bundle } from '../../src/contract.js';

export function held(api: 'gateway-v1' | 'sms-v2' | 'im-v1' | 'campaign-manager-v1', schema: string, property: string | undefined, keyword: string): number {
  const component = (bundle(api) as any).components?.schemas?.[schema];
  const value = (property === undefined ? component : component?.properties?.[property])?.[keyword];
  if (value === undefined) throw new Error(`${api}: ${schema}${property ? `.${property}` : ''} has no ${keyword}`);
  return value;
}
