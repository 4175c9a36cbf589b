// Bench inputs: realistic callback bodies, valid and invalid, as parsed JSON.
import { createRequire } from 'node:module';

// The states are the bundles' (read here as JSON: plain node runs the bench, which cannot load the
// tests' TypeScript support), so a state the document adds is benched too.
const require = createRequire(import.meta.url);
const statesOf = (api: string): readonly string[] => require(`@messaging-contracts/openapi/${api}.json`).components.schemas.MessageStatus.enum;
const smsV2Statuses = statesOf('sms-v2');
const imV1Statuses = statesOf('im-v1');

const ids = Array.from({ length: 64 }, (_, i) => {
  const hex = (i * 2654435761 + 0x9e3779b9).toString(16).padStart(8, '0').slice(-8);
  return `${hex}-7a4d-4e8b-9c21-5d6f0a7b${hex.slice(0, 4)}`;
});

const pick = <T>(values: readonly T[], i: number) => values[i % values.length]!;

export const smsV2Status = {
  valid: ids.map((id, i) => ({ id, status: pick(smsV2Statuses, i), detail: 'Delivered to handset' })),
  invalid: ids.map((id, i) =>
    [
      { id, status: 'delivered', detail: 'Delivered to handset' },
      { id: 'not-a-uuid', status: 'sent' },
      { id, status: 3 },
      { id, status: 'sent', detail: { text: 'x' } },
    ][i % 4],
  ),
};

export const smsV2Reply = {
  valid: ids.map((id, i) => ({
    id,
    source: `+4477009${String(i).padStart(5, '0')}`,
    destination: '+447700900456',
    content: 'Thanks, received',
    operator: 'Vodafone UK',
  })),
  invalid: ids.map((id, i) => [{ id, source: 447700900123 }, { id: 'x', content: 'hi' }, { id, content: null }][i % 3]),
};

export const imV1Status = {
  valid: ids.map((id, i) => ({ id, status: pick(imV1Statuses, i), detail: 'Message delivered to the handset' })),
  invalid: ids.map((id, i) =>
    [
      { id, status: 'queued' },
      { id, status: 'sent', detail: 'x'.repeat(256) },
      { id: `urn:uuid:${id}`, status: 'sent' },
      { id: 7 },
    ][i % 4],
  ),
};
