// A contract value read from a bundle, for a test that exercises a mechanism with it (a limit, an
// enum): the test takes the value from the contract, never restates it, so a legitimate change of
// the spec document fails no test of the mechanism. The document's values themselves are pinned
// once, by `pnpm audit-document` (ARCHITECTURE.md, "One direction of flow").
//
// Takes the bundle rather than loading it: test-kit depends on no workspace package, and each
// caller already reads the bundles its own way (the validators' generator, the sandbox's reader).

/** A bundled OpenAPI document, loosely typed. */
type Bundle = Record<string, any>;

/**
 * A keyword of a component schema (or of one of its properties). A missing schema, property or
 * keyword is a test's mistake, said plainly rather than handed on as `undefined`.
 */
export function schemaValue(bundle: Bundle, schema: string, property: string | undefined, keyword: string): any {
  const component = bundle.components?.schemas?.[schema];
  const node = property === undefined ? component : component?.properties?.[property];
  const value = node?.[keyword];
  if (value === undefined) throw new Error(`#/components/schemas/${schema}${property ? `/properties/${property}` : ''} has no ${keyword}`);
  return value;
}
