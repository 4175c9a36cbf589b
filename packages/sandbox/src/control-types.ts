// The in-process API's names for what the control API's document types: the same generated types
// (src/generated/control-api.d.ts), so a misspelt operation or state fails at compile time in
// process as over HTTP.
import type { components } from './generated/control-api.js';

/** `<interface id>.<operationId>` of an operation of the four bundles (the enum is written from them at build). */
export type OperationKey = components['schemas']['OperationKey'];

/** A state of B's or C's MessageStatus (the two bundles' own enums). */
export type MessageState = components['schemas']['StatusChange']['status'];
