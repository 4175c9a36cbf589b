// JSON pointers into a bundle, in a module of their own with no imports: the bench (plain node on
// tsc output) uses them too, and cannot load the validators' generator, a workspace-only .ts export.

/** JSON pointer, inside the bundle, of the schema of a callback's JSON request body. */
export const bodySchemaPointer = (pathItem: string) =>
  `#/components/pathItems/${pathItem}/post/requestBody/content/application~1json/schema`;
