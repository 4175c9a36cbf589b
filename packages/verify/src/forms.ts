// The forms a request body uses where the contract accepts several and the document does not say
// which the service takes: each `oneOf` of a request body's schema. Today that is C's delivery
// attempt (section 2.3: "the shape of delivery-attempt array elements (fields directly in the
// element, or wrapped in one key naming the attempt ...): not shown"), DeliveryAttemptElement, a
// `oneOf` of DeliveryAttempt and WrappedDeliveryAttempt. The contract takes both; a deployment may
// take one only, so a body in a form the deployment refused is no failure of the limits inside it
// (verify.ts), as long as one form of the bundle's examples was accepted. test/derivation.test.ts
// holds the bundles to "every request `oneOf` is such a choice of forms".
import { deref, type Json } from './contract.js';

const nameOf = (node: Json) => (typeof node?.$ref === 'string' ? (node.$ref as string).split('/').pop()! : undefined);
const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** JSON Schema's type of a value, as far as the shape test needs it. */
function typeOf(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/**
 * Whether `value` has the shape of `schema` at its top level: an object with the required keys,
 * within the property counts, each known property (or a property of free name) of the declared
 * type. Enough to tell disjoint alternatives apart (a direct attempt's `channel` is a string, a
 * wrapped one's single property an object, as DeliveryAttemptElement's description says).
 */
function hasShape(document: Json, schema: Json | undefined, value: unknown): boolean {
  if (!schema) return false;
  if (!isObject(value)) return schema.type !== undefined && schema.type !== 'object' && typeOf(value) === schema.type;
  const keys = Object.keys(value);
  if (((schema.required ?? []) as string[]).some((key) => !(key in value))) return false;
  if (typeof schema.minProperties === 'number' && keys.length < schema.minProperties) return false;
  if (typeof schema.maxProperties === 'number' && keys.length > schema.maxProperties) return false;
  return keys.every((key) => {
    const property = deref(document, schema.properties?.[key] ?? (isObject(schema.additionalProperties) ? schema.additionalProperties : undefined));
    if (!property?.type) return true;
    const type = typeOf(value[key]);
    return type === property.type || (property.type === 'number' && type === 'integer');
  });
}

/**
 * The names of the `oneOf` alternatives the body's values take, each with the pointer of the
 * `oneOf` (`/delivery_attempts/*`): `["/delivery_attempts/* WrappedDeliveryAttempt"]`.
 */
export function formsUsed(document: Json, root: Json | undefined, body: unknown): string[] {
  const out = new Set<string>();
  const visit = (node: Json | undefined, value: unknown, pointer: string, depth: number) => {
    const schema = deref(document, node);
    if (!schema || depth > 10 || value === undefined) return;
    if (Array.isArray(schema.oneOf)) {
      const alternative = (schema.oneOf as Json[]).find((option) => hasShape(document, deref(document, option), value));
      const name = alternative && (nameOf(alternative) ?? String((schema.oneOf as Json[]).indexOf(alternative)));
      if (name !== undefined) {
        out.add(`${pointer || '/'} ${name}`);
        visit(alternative, value, pointer, depth + 1);
      }
      return;
    }
    if (Array.isArray(value) && schema.items) {
      for (const item of value) visit(schema.items, item, `${pointer}/*`, depth + 1);
      return;
    }
    if (!isObject(value)) return;
    for (const [key, inner] of Object.entries(value)) {
      const property = schema.properties?.[key] ?? (isObject(schema.additionalProperties) ? schema.additionalProperties : undefined);
      if (property) visit(property, inner, `${pointer}/${schema.properties?.[key] ? key : '{key}'}`, depth + 1);
    }
  };
  visit(root, body, '', 0);
  return [...out].sort();
}

/** A request of the run, as a failure names it. */
export interface Evidence {
  subject: string;
  status: number;
}

/** The refused request, which a failure also gives as curl. */
export interface Refusal extends Evidence {
  curl: string;
}

/**
 * What the positive phase learnt of each form: accepted in an example, or refused (and never
 * accepted); and what the rest of the run's answers said of a refused form. A form refused in an
 * example and accepted later in the same run (a generated body, a body at a limit, a workflow) is
 * one the deployment takes: that refusal was a wrong answer, not a choice of form (the run fails it).
 */
export class FormAnswers {
  private readonly accepted = new Set<string>();
  private readonly refused = new Set<string>();
  /** Per form, the first example refused in it, and the first later request accepted in it. */
  private readonly firstRefusal = new Map<string, Refusal>();
  private readonly laterAcceptance = new Map<string, Evidence>();

  /** The example refused in `forms` (after record()): the request a failure names. */
  recordRefusal(forms: readonly string[], evidence: Refusal): void {
    for (const form of forms) if (!this.firstRefusal.has(form)) this.firstRefusal.set(form, evidence);
  }

  /** A later request with a valid body in `forms`, answered with success. */
  recordLaterAcceptance(forms: readonly string[], evidence: Evidence): void {
    for (const form of forms) if (this.usesRefused([form]) && !this.laterAcceptance.has(form)) this.laterAcceptance.set(form, evidence);
  }

  /** The first example refused, in whatever form. */
  firstRefused(): Refusal | undefined {
    return this.firstRefusal.values().next().value;
  }

  /** For a refused form accepted later in the run: the refusal and the acceptance. */
  contradiction(form: string): { refused: Refusal; accepted: Evidence } | undefined {
    const refused = this.firstRefusal.get(form);
    const accepted = this.laterAcceptance.get(form);
    return refused && accepted ? { refused, accepted } : undefined;
  }

  record(forms: readonly string[], accepted: boolean): void {
    for (const form of forms) (accepted ? this.accepted : this.refused).add(form);
  }

  /** Forms an example was refused in and none was accepted in. */
  refusedForms(): string[] {
    return [...this.refused].filter((form) => !this.accepted.has(form));
  }

  /** Whether a body in `forms` uses a form the deployment refused. */
  usesRefused(forms: readonly string[]): boolean {
    return forms.some((form) => this.refused.has(form) && !this.accepted.has(form));
  }

  /** Whether forms were tried and none of their examples was accepted. */
  noneAccepted(): boolean {
    return this.refused.size > 0 && this.accepted.size === 0;
  }
}
