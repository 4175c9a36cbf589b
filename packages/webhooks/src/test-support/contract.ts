// Reference validators compiled at run time from the bundles, for checking what the package
// produces (callback verdicts, error bodies) against the published contract.
import { type ApiId, bodySchemaPointer, createAjv } from '../../scripts/generate-validators.js';

const ajvs = new Map<ApiId, ReturnType<typeof createAjv>>();

function ajvFor(api: ApiId) {
  let ajv = ajvs.get(api);
  if (!ajv) {
    ajv = createAjv(api);
    ajvs.set(api, ajv);
  }
  return ajv;
}

/** Runtime-compiled validator for a JSON pointer inside a bundle. */
export function referenceValidator(api: ApiId, pointer: string) {
  const validate = ajvFor(api).getSchema(`${api}${pointer}`);
  if (!validate) throw new Error(`no schema at ${api}${pointer}`);
  return validate;
}

export const referenceBody = (api: ApiId, pathItem: string) => referenceValidator(api, bodySchemaPointer(pathItem));

export const referenceSchema = (api: ApiId, name: string) => referenceValidator(api, `#/components/schemas/${name}`);

/** Errors of `value` against a named component schema; `[]` when it conforms. */
export function conformance(api: ApiId, name: string, value: unknown) {
  const validate = referenceSchema(api, name);
  return validate(value) ? [] : (validate.errors ?? []);
}
