// The control API's request bodies, checked against its OpenAPI document (control-api/openapi.yaml):
// their validators are compiled from the document at build by the four interfaces' generator
// (scripts/control-api.mjs, @messaging-contracts/validators/generator), so what the sandbox accepts
// is what the document says, `additionalProperties: false` included: a misspelt key (`"time": 2`
// for `times`) is refused, never ignored. The actions keep their own checks of what no schema
// says (a status the operation documents, a message of the scope, a URL on this machine).
import { createRequire } from 'node:module';
import { type GeneratedOperation, type OperationValidators, type Violation, operationTable, pointerTokens } from '@messaging-contracts/validators';
import * as generated from './generated/control-api-requests.js';
import { REMOVING_AN_ADDRESS } from './callbacks.js';
import { deref } from './contract.js';
import { describeFinding } from './problems.js';

type Json = Record<string, any>;

/** The control API's OpenAPI 3.1 document, as shipped in the package (`./openapi.json`). */
export const controlApiDocument: Json = createRequire(import.meta.url)('./generated/control-api.json');

/** The body validators by operationId, as the document's operations name them. */
const validators: Readonly<Record<string, OperationValidators>> = operationTable<generated.OperationShapes>(generated.operations as Record<string, GeneratedOperation>);

/** At most this many violations are named in one answer. */
const MAX_NAMED = 10;

/** The JSON request body schema of a documented operation, its `$ref`s to `#/components/requestBodies` followed. */
export function requestBodySchema(document: Json, operation: Json): Json | undefined {
  return deref(document, operation.requestBody)?.content?.['application/json']?.schema;
}

/** The object schema at `tokens` inside `schema` (following `$ref`s and `properties`): its name, when a component, and its keys. */
function objectAt(document: Json, schema: Json | undefined, tokens: readonly string[]): { name?: string; keys: string[] } | undefined {
  let node = schema;
  let name: string | undefined;
  // The component's name is its `$ref`'s last segment (the document has no `$ref` to a `$ref`).
  const follow = () => {
    if (typeof node?.$ref === 'string') name = String(node.$ref.split('/').pop());
    node = deref(document, node);
  };
  follow();
  for (const token of tokens) {
    node = node?.properties?.[token] ?? (/^\d+$/.test(token) ? node?.items : undefined);
    name = undefined;
    follow();
  }
  return node?.properties ? { ...(name !== undefined && { name }), keys: Object.keys(node.properties) } : undefined;
}

const unknownKeyLine = (where: string, name: string, keys: readonly string[]) =>
  `${where} is not an allowed property (additionalProperties): ${name} takes ${keys.join(', ')}`;

/** What a violation inside one of these objects adds: how to do what the caller most likely meant. */
const HINTS: Record<string, string> = { CallbackUrls: REMOVING_AN_ADDRESS };

/** One line per violation, as the interfaces' errors read (`body/times must be at least 1 (minimum 1)`); an unknown key names the allowed ones. */
function describe(document: Json, schema: Json | undefined, violation: Violation): string {
  const line = describeFinding({ ...violation, pointer: `/body${violation.pointer}` });
  // (the validators' own wording, `body/time is not an allowed property (additionalProperties)`, plus the keys allowed)
  const parent = objectAt(document, schema, pointerTokens(violation.pointer).slice(0, -1));
  const hint = parent?.name !== undefined ? HINTS[parent.name] : undefined;
  if (violation.rule !== 'additionalProperties' || !parent) return hint ? `${line}: ${hint}` : line;
  return unknownKeyLine(`body${violation.pointer}`, parent.name ?? 'this object', parent.keys);
}

/**
 * Why a control request's body breaks the document (one line, each violation named), or undefined
 * when it holds. A required body that was not sent is checked as `{}`, so its required fields are
 * named; an optional one (SessionCreate) may be left out.
 */
export function controlBodyProblem(document: Json, operation: Json, body: unknown): string | undefined {
  const validate = validators[String(operation.operationId)]?.body;
  if (!validate || (body === undefined && !validators[String(operation.operationId)]!.bodyRequired)) return undefined;
  const violations = validate(body ?? {}, { maxViolations: MAX_NAMED });
  if (violations.length === 0) return undefined;
  const schema = requestBodySchema(document, operation);
  return violations.map((violation) => describe(document, schema, violation)).join('; ');
}

/** Whether the document's operation has a compiled body validator (checked for every documented body at start). */
export const hasBodyValidator = (operationId: string): boolean => validators[operationId]?.body !== undefined;

/**
 * The in-process calls that take one of the document's objects (`faults.inject` a FaultSpec,
 * `progress.set` a Progress, `setCallbackUrls` a CallbackUrls, `createSession` a SessionCreate)
 * refuse a key the schema does not have, as the control API does: TypeScript catches a misspelt
 * key of an object literal, plain JavaScript (or an object built elsewhere) would not. Only the
 * keys are checked here; each call checks its values itself. A key whose value is `undefined`
 * says nothing (JSON leaves it out) and passes.
 */
export function refuseUnknownKeys(schemaName: 'FaultSpec' | 'Progress' | 'CallbackUrls' | 'SessionCreate', value: unknown): void {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return;
  const keys = Object.keys(controlApiDocument.components.schemas[schemaName].properties);
  const unknown = Object.keys(value).find((key) => !keys.includes(key) && (value as Json)[key] !== undefined);
  if (unknown !== undefined) throw new TypeError(unknownKeyLine(JSON.stringify(unknown.slice(0, 100)), schemaName, keys));
}
