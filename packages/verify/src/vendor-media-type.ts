// A's vendor media type (section 4.1: requests accept `application/json` or the vendor type
// `application/vnd.<vendor>.gateway.v1+json`). The document hides the vendor token, so the verifier
// cannot guess the type: it sends A's bodies as application/json only, unless it is given the
// deployment's type (`--gateway-media-type`, `gatewayMediaType`), in which A's documented examples
// are sent as well. The rule a given type is held to is the bundle's: its key with a token in place
// of the placeholder (`x-vendor-token`), matched as the sandbox matches it; the placeholder itself
// is refused, as the gateway client refuses it, and the subtype is an RFC 6838 restricted name (at
// most 127 characters, section 4.2).
import { type Operation, operationsOf, type VendorMediaType } from './contract.js';
import { examplesOf } from './examples.js';
import { bareNameOf, nameOf, type Naming } from './option-names.js';
import type { Selection } from './selection.js';
import { UsageError } from './usage-error.js';

/** RFC 6838 section 4.2: a restricted name is at most 127 characters. */
const MAX_SUBTYPE = 127;

/** A's operations whose body the bundle also keys in the vendor type, among those selected. */
function vendorOperations({ apis, has }: Selection): Operation[] {
  return apis.includes('gateway-v1') ? operationsOf('gateway-v1').filter((op) => op.vendorMediaType && has(op.name)) : [];
}

/** The vendor type as the bundle keys it (every A operation that takes one keys it alike). */
function bundleType(): VendorMediaType {
  const type = operationsOf('gateway-v1').find((op) => op.vendorMediaType)?.vendorMediaType;
  if (!type) throw new Error('gateway-v1: the bundle keys no vendor media type (x-vendor-token)');
  return type;
}

/** The rule in words, from the bundle's key and placeholder. */
function ruleOf(type: VendorMediaType): string {
  const shape = type.key.replace(`.${type.placeholder}.`, ".<your vendor's token>.");
  return (
    `must be ${shape}, section 4.1's ${type.documentedAs} with the deployment's vendor token ` +
    `(RFC 6838: a letter or digit first, then letters, digits and !#$&^_.+-, the subtype at most ${MAX_SUBTYPE} characters; no parameters; ` +
    `'${type.placeholder}' is the contract's placeholder, not a token)`
  );
}

/**
 * The given type held to the rule, and to the run: it is sent only with A's bodies, so a run that
 * verifies no A operation taking one refuses it. A UsageError naming the option and the rule.
 */
export function checkGatewayMediaType(value: unknown, selection: Selection, naming: Naming): void {
  const type = bundleType();
  const name = bareNameOf('gatewayMediaType', naming);
  const shown = (JSON.stringify(value) ?? String(value)).slice(0, 60);
  const [prefix, suffix] = type.key.toLowerCase().split(`.${type.placeholder.toLowerCase()}.`) as [string, string];
  const lower = typeof value === 'string' ? value.toLowerCase() : '';
  const token = lower.slice(prefix.length + 1, lower.length - suffix.length - 1);
  const fits = type.pattern.test(lower) && lower.split('/')[1]!.length <= MAX_SUBTYPE && token !== type.placeholder.toLowerCase();
  if (!fits) throw new UsageError(`${name} ${ruleOf(type)} (got ${shown})`);
  if (vendorOperations(selection).length === 0) {
    throw new UsageError(`${name} sends A's request bodies in the vendor type, and this run verifies no operation of gateway-v1 that takes one (${nameOf('apis', naming)}, ${nameOf('operations', naming)})`);
  }
}

/** Each documented example of `op` in the vendor type, its date-times moved as every example's are. */
export function vendorExamples(op: Operation, now: number): unknown[] {
  return op.vendorMediaType ? examplesOf({ ...op, examples: op.vendorMediaType.examples }, now) : [];
}

/** The note of a run without the type that verifies A's bodies: what was not checked, and the option that checks it. */
export function uncheckedNote(selection: Selection, naming: Naming): string | undefined {
  const operations = vendorOperations(selection);
  if (operations.length === 0) return undefined;
  const type = bundleType();
  return (
    `gateway-v1: the vendor media type ${type.documentedAs} (section 4.1) was not checked: the document hides its vendor token, so ${operations.map((op) => op.name).join(' and ')} ` +
    `were sent application/json only; give the deployment's type with ${nameOf('gatewayMediaType', naming)} to send their documented examples in it too`
  );
}
