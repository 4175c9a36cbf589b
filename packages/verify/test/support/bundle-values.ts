// Test support: a keyword's value where a bundle's component schema holds it (test-kit's
// schemaValue over the verifier's own reader of the bundles). A test that exercises a mechanism
// with a contract value (a limit, the days ahead) takes it from here rather than restating it, so
// a maintainer's legitimate change of a limit fails no test of the verifier; the document's
// numbers themselves are pinned once, by the audit.
import { schemaValue } from '@messaging-contracts/test-kit/schema-value';
import { type ApiId, bundle } from '../../src/contract.js';

export const held = (api: ApiId, schema: string, property: string | undefined, keyword: string): number => schemaValue(bundle(api), schema, property, keyword);

/** The bounds of a named response header's schema (C's RetryAfter, section 8). */
export const headerBounds = (api: ApiId, name: string): { minimum: number; maximum: number } => (bundle(api) as any).components.headers[name].schema;
