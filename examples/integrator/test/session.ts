// A sandbox session for one test file: its own credentials, state, callback addresses, faults and
// request log, so files running at the same time against one sandbox cannot see each other.
import { afterAll, beforeAll, inject } from 'vitest';

export interface Session {
  id: string;
  baseUrl: string;
  credentials: { 'sms-v2': { apiKey: string }; 'im-v1': { apiKey: string } };
  /** A control call on this session: `/__sandbox/sessions/{id}<path>`. */
  control<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
}

async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${new URL(url).pathname}: ${response.status} ${text}`);
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** Creates this file's session before its tests and deletes it after them. */
export function useSession(options: { callbacks?: Record<string, string> } = {}): () => Session {
  const baseUrl = inject('sandboxUrl');
  let session: Session | undefined;
  beforeAll(async () => {
    const created = await call<{ id: string; credentials: Session['credentials'] }>('POST', `${baseUrl}/__sandbox/sessions`, options.callbacks ? { callbacks: options.callbacks } : {});
    const prefix = `${baseUrl}/__sandbox/sessions/${created.id}`;
    session = { ...created, baseUrl, control: (method, path, body) => call(method, `${prefix}${path}`, body) };
  });
  afterAll(async () => {
    if (session) await call('DELETE', `${baseUrl}/__sandbox/sessions/${session.id}`);
  });
  return () => {
    if (!session) throw new Error('the session exists only inside the tests of the file that asked for it');
    return session;
  };
}
