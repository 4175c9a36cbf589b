// Interface A (section 4.1): single and broadcast sends create messages with sequential int64 ids;
// GET /messages/{messageid} reads one back.
import { bundle, deref } from './contract.js';
import { type Handler, notFound, type Reply } from './operation.js';
import type { State } from './state.js';

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

/**
 * A broadcast the store cannot hold whole: past the store's cap, or the byte budget of all stores,
 * storing it would evict its own first messages before the 201 named their ids. Nothing
 * acknowledged may be lost, so it is refused, 413 (as a body over the limit), naming the bound and
 * its option (sandbox choice, README).
 */
function beyondStore(store: State['gatewayMessages'], count: number, bytes: number): Reply | undefined {
  const refuse = (must: string, rule: string, limit: number): Reply => ({
    problem: {
      status: 413,
      message: 'Broadcast larger than the message store',
      findings: [{ pointer: '/body/destination', property: 'destination', rule, limit, message: `${must}, or the broadcast would evict its own messages` }],
    },
  });
  if (count > store.cap) {
    return refuse(`must have at most ${store.cap} destinations, the cap of A's message store (storeCaps.gatewayMessages, --store-cap)`, 'store-cap', store.cap);
  }
  const byteCap = store.byteCap;
  if (byteCap !== undefined && bytes > byteCap) {
    return refuse(`must take at most ${byteCap} bytes of the stores' budget (memory.storeBytes, --store-bytes), where it takes ${bytes}`, 'store-bytes', byteCap);
  }
  return undefined;
}

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
    const tooLarge = beyondStore(state.gatewayMessages, destinations.length, share * destinations.length);
    if (tooLarge) return tooLarge;
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
