// Interface A (section 4.1): single and broadcast sends create messages with sequential int64 ids;
// GET /messages/{messageid} reads one back.
import { bundle, deref } from './contract.js';
import { type Handler, notFound } from './operation.js';

// Defaults the schema documents (`class` defaults to `mt_message`, section 2.1) are applied to a
// stored message when it is read: the value a request without the field is taken to mean. Whether
// the service writes it back is not shown; the README's "What it serves" says the sandbox does.
// (The body is stored as received: no copy per message sent.)
function schemaDefaults(schemaName: string): Record<string, unknown> {
  const document = bundle('gateway-v1');
  const schema = deref(document, document.components.schemas[schemaName]);
  const defaults: Record<string, unknown> = {};
  for (const [name, property] of Object.entries((schema?.properties ?? {}) as Record<string, any>)) {
    const resolved = deref(document, property);
    if (resolved && 'default' in resolved) defaults[name] = resolved.default;
  }
  return defaults;
}

const messageDefaults = schemaDefaults('Message');

/** A's broadcast item `status`: the sandbox's choice, not the service's (section 3: values not shown). */
export const SANDBOX_BROADCAST_STATUS = 'accepted';

export const gatewayHandlers: Record<string, Handler> = {
  sendMessage({ route, text }, { state, ids }) {
    const id = ids.next('gateway-message');
    state.gatewayMessages.set(id, { text, id }, text.length);
    return { status: route.successStatus, body: [id] };
  },
  sendBroadcast({ route, body, text }, { state, ids }) {
    // Values of the per-recipient status are not shown (section 3), and the bundle's example says
    // only `<status>`: the sandbox's own choice (README, "Sandbox choices") is `accepted`.
    const status = SANDBOX_BROADCAST_STATUS;
    const destinations = body.destination as string[];
    // Each message carries its share of the one stored body.
    const share = Math.ceil(text.length / Math.max(destinations.length, 1)) + 64;
    const reply = destinations.map((destination) => {
      const id = ids.next('gateway-message');
      state.gatewayMessages.set(id, { text, destination, id }, share);
      return { id, destination, status };
    });
    return { status: route.successStatus, body: reply };
  },
  getMessage({ route, params }, { state }) {
    const message = state.gatewayMessages.get(Number(params.messageid));
    if (!message) return notFound('Message');
    return { status: route.successStatus, body: { ...messageDefaults, ...JSON.parse(message.text), ...(message.destination !== undefined && { destination: message.destination }), id: message.id } };
  },
};
