// Interface C (section 4.3): POST /message accepts a message asynchronously (202 with its id);
// its status starts at the first documented state and changes when the test says (setStatus).
import { schemaEnum } from './contract.js';
import type { Handler } from './operation.js';

export const imHandlers: Record<string, Handler> = {
  sendMessage({ route, body, size }, { state, ids }) {
    const id = ids.uuid();
    state.imMessages.set(id, { id, status: schemaEnum('im-v1', 'MessageStatus')[0]!, request: body }, size);
    return { status: route.successStatus, body: { id } };
  },
};
