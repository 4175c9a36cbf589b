// Deliveries to one address go one at a time, paced (callbacks.ts): each address has a lane. A lane
// was kept for every address ever delivered to, so a scope whose callback addresses kept changing
// (a test suite's receivers on fresh ports, or anyone on the control API) grew without bound.
// An idle lane whose pace has passed holds nothing a new one would not, so it is let go.
import { afterAll, expect, it } from 'vitest';
import { createDispatcher } from '../src/callbacks.js';
import { listen } from './support.js';

const receiver = await listen((req, res) => {
  req.resume();
  req.on('end', () => res.end());
});
afterAll(() => receiver.close());

it('keeps at most 64 lanes of idle addresses, however many addresses were delivered to', async () => {
  const dispatcher = createDispatcher({ retries: 0 }, {}, { redact: (text) => text });
  for (let i = 0; i < 200; i++) {
    dispatcher.setUrls({ smsStatus: `${receiver.url}/${i}` });
    expect((await dispatcher.send('sms-v2.status', { id: String(i), status: 'sent' }))?.outcome).toBe('delivered');
  }
  expect(dispatcher.lanes()).toBeLessThanOrEqual(64);
  await dispatcher.close();
});
