// Validators of interface im-v1, compiled from @messaging-contracts/openapi/im-v1.json (src/generated/im-v1.ts).
import * as generated from './generated/im-v1.js';
import type { OfInterface } from './lookup.js';
import { type GeneratedOperation, type TypedOperations, operationTable } from './runtime.js';

/** Every operation in the bundle's `paths`, by operationId. */
export const operations: TypedOperations<generated.OperationShapes> & OfInterface<'im-v1'> = /* @__PURE__ */ operationTable<generated.OperationShapes>(
  generated.operations as Record<string, GeneratedOperation>,
);

/** Every callback (operation `callbacks` and top-level `webhooks`), by the path item operation's operationId. */
export const callbacks: TypedOperations<generated.CallbackShapes> = /* @__PURE__ */ operationTable<generated.CallbackShapes>(
  generated.callbacks as Record<string, GeneratedOperation>,
);
