// Interface C (section 4.3): POST /message accepts a message asynchronously (202 with its id);
// its status starts at the first value of MessageStatus and changes when the test says (setStatus).
// That first state is the sandbox's choice: section 3 lists C's states and names none as the first
// (B's "A new message is reported with `accepted`" is B's), and no operation of C reads it back.
// The request itself is not kept: C has no operation that reads a message back (section 4.3),
// and the request log holds each request as received.
import { schemaEnum } from './contract.js';
import type { Handler } from './operation.js';

/** The status a new message starts at (the sandbox's choice): the first of MessageStatus (section 2.3). */
const FIRST_STATUS = schemaEnum('im-v1', 'MessageStatus')[0]!;

/** What a stored message costs against the stores' byte budget: its id, its status and the entry around them. */
const STORED_BYTES = 100;

export const imHandlers: Record<string, Handler> = {
  sendMessage({ route }, { state, ids }) {
    const id = ids.uuid();
    state.imMessages.set(id, { id, status: FIRST_STATUS }, STORED_BYTES);
    return { status: route.successStatus, body: { id } };
  },
};
