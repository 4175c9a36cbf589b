// Interface B (section 4.2): POST /messages accepts an MT message (202, shaped as a status
// callback, status `accepted`); GET /messages?id= reads any message, MT or MO (a reply made
// with reply()); GET /openapi.yaml serves B's own bundle, as JSON.
import { bundleText } from './contract.js';
import { type Handler, notFound, responseExample } from './operation.js';
import type { SmsMessage } from './state.js';

let description: string | undefined;

export const smsHandlers: Record<string, Handler> = {
  getOpenApiDescription({ route }) {
    // "200, no body schema" (section 4.2), and "All request and response bodies are JSON" (the
    // document's opening): the bundle's JSON, as published.
    description ??= bundleText('sms-v2');
    return { status: route.successStatus, text: { contentType: 'application/json', body: description } };
  },
  sendMessage({ route, body, text }, { state, ids }) {
    // "A new message is reported with `accepted` in the 202 reply" (section 3): status and detail
    // come from the bundle's example of the 202 reply.
    const example = responseExample(route, route.successStatus) ?? {};
    const message: SmsMessage = {
      id: ids.uuid(),
      direction: 'MT',
      status: String(example.status),
      destination: body.destination,
      source: body.source,
      reference: body.reference,
      content: body.content,
    };
    state.smsMessages.set(message.id, message, text.length);
    return { status: route.successStatus, body: { id: message.id, status: message.status, detail: example.detail } };
  },
  getMessage({ route, query }, { state }) {
    const message = state.smsMessages.get(query.get('id') ?? '');
    if (!message) return notFound('Message');
    return { status: route.successStatus, body: JSON.parse(JSON.stringify(message)) };
  },
};
