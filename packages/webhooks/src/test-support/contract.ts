// Reference validators compiled at run time from the bundles, for checking what the package
// produces (callback verdicts, error bodies) against the published contract.
import type { ErrorObject, ValidateFunction } from 'ajv';
import { type ApiId, createAjv } from '@messaging-contracts/validators/generator';
import { bodySchemaPointer } from './pointers.js';

export { bodySchemaPointer };

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
export function referenceValidator(api: ApiId, pointer: string): ValidateFunction {
  const validate = ajvFor(api).getSchema(`${api}${pointer}`);
  if (!validate) throw new Error(`no schema at ${api}${pointer}`);
  return validate;
}

export const referenceBody = (api: ApiId, pathItem: string): ValidateFunction => referenceValidator(api, bodySchemaPointer(pathItem));

export const referenceSchema = (api: ApiId, name: string): ValidateFunction => referenceValidator(api, `#/components/schemas/${name}`);

/** Errors of `value` against a named component schema; `[]` when it conforms. */
export function conformance(api: ApiId, name: string, value: unknown): ErrorObject[] {
  const validate = referenceSchema(api, name);
  return validate(value) ? [] : (validate.errors ?? []);
}
