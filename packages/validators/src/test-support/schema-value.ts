// Test support (not built): a keyword of a bundle's schema, by interface id. Its own file, apart
// from bundles.ts, because the validators' bench (plain node on tsc output) imports bundles.ts and
// cannot load test-kit, which ships TypeScript source only.
import { schemaValue as schemaValueOf } from '@messaging-contracts/test-kit/schema-value';
import type { ApiId } from '../../scripts/generate.js';
import { bundleOf } from './bundles.js';

/** A keyword of a component schema (or of one of its properties), read from the bundle (test-kit's schemaValue). */
export const schemaValue = (api: ApiId, schema: string, property: string | undefined, keyword: string): any => {
  try {
    return schemaValueOf(bundleOf(api), schema, property, keyword);
  } catch (error) {
    throw new Error(`${api}: ${(error as Error).message}`);
  }
};
