// Sessions: scopes of their own inside one sandbox, each with its own credentials, so test files
// running in parallel against one sandbox never see each other's state, callbacks or faults.
// Bounded in count and expired after an idle time (sandbox choices, README "Sessions").
import { createRequire } from 'node:module';
import type { Credentials } from './credentials.js';
import type { Ids } from './ids.js';
import type { Scope } from './scope.js';

export interface SessionOptions {
  /** Sessions alive at once; default 100. */
  max?: number;
  /** A session not used (no request with its credentials, no control call) for this long is deleted; ms, default 30 min. */
  idleMs?: number;
}

export const SESSION_DEFAULTS = { max: 100, idleMs: 30 * 60_000 } as const;

export class SessionLimitError extends Error {
  static { SessionLimitError.prototype.name = 'SessionLimitError'; }
}

/** A session's name, as the control API's document states it (`SessionCreate.name`): printable ASCII, so a test file's path fits. */
const NAME: { pattern: string; minLength: number; maxLength: number } = createRequire(import.meta.url)('./generated/control-api.json').components.schemas.SessionCreate.properties.name;
const SESSION_NAME = new RegExp(NAME.pattern);
const isSessionName = (name: string) => name.length >= NAME.minLength && name.length <= NAME.maxLength && SESSION_NAME.test(name);

export interface SessionEntry {
  id: string;
  /** The name it was created with, if any (its ids follow from seed and name in deterministic mode). */
  name?: string;
  credentials: Credentials;
  scope: Scope;
  lastUsed: number;
}

export interface SessionRegistryOptions extends SessionOptions {
  /** Where a new session's id and secrets come from: one sequence for all, or one per name (seeded, named). */
  idsFor(name: string | undefined): Ids;
  /** The new session's scope and credentials, its secrets drawn from `ids`. */
  make(id: string, ids: Ids): { scope: Scope; credentials: Credentials };
  register(entry: SessionEntry): boolean;
  unregister(entry: SessionEntry): void;
}

export function createSessionRegistry(options: SessionRegistryOptions) {
  const max = options.max ?? SESSION_DEFAULTS.max;
  const idleMs = options.idleMs ?? SESSION_DEFAULTS.idleMs;
  // 0 would refuse every session with a 429: a sandbox without sessions is one nobody creates any in.
  if (!Number.isSafeInteger(max) || max < 1) throw new RangeError('sessions.max must be an integer of at least 1');
  if (!Number.isSafeInteger(idleMs) || idleMs < 1000) throw new RangeError('sessions.idleMs must be an integer of at least 1000 ms');
  const sessions = new Map<string, SessionEntry>();

  function remove(entry: SessionEntry) {
    sessions.delete(entry.id);
    options.unregister(entry);
    void entry.scope.dispose();
  }

  function sweep(now = Date.now()) {
    for (const entry of sessions.values()) if (now - entry.lastUsed > idleMs) remove(entry);
  }
  // Idle sessions are dropped even when nobody creates new ones; the timer never keeps the process alive.
  const timer = setInterval(sweep, Math.min(idleMs, 60_000));
  timer.unref();

  return {
    max,
    idleMs,
    create(name?: string): SessionEntry {
      if (name !== undefined && (typeof name !== 'string' || !isSessionName(name))) {
        throw new TypeError(`name must be ${NAME.minLength} to ${NAME.maxLength} printable ASCII characters (a test file's path will do)`);
      }
      sweep();
      if (name !== undefined && [...sessions.values()].some((entry) => entry.name === name)) {
        throw new TypeError(`a live session is named ${name} already: names pick the ids, so each is used by one session at a time (delete that one first)`);
      }
      if (sessions.size >= max) {
        throw new SessionLimitError(`at most ${max} sessions at once: delete one (DELETE /__sandbox/sessions/{id}) or raise the limit (--max-sessions)`);
      }
      const ids = options.idsFor(name);
      for (;;) {
        // 16 hex characters: ids of the scope's PRNG in deterministic mode, random otherwise.
        const id = ids.uuid().replace(/-/g, '').slice(0, 16);
        if (sessions.has(id)) continue;
        const made = options.make(id, ids);
        const entry: SessionEntry = { id, ...(name !== undefined && { name }), ...made, lastUsed: Date.now() };
        if (!options.register(entry)) continue;
        sessions.set(id, entry);
        return entry;
      }
    },
    /** The live session with this id (marking it used), or undefined. */
    get(id: string): SessionEntry | undefined {
      const entry = sessions.get(id);
      if (!entry) return undefined;
      const now = Date.now();
      if (now - entry.lastUsed > idleMs) {
        remove(entry);
        return undefined;
      }
      entry.lastUsed = now;
      return entry;
    },
    delete(id: string): boolean {
      const entry = sessions.get(id);
      if (entry) remove(entry);
      return entry !== undefined;
    },
    ids: () => [...sessions.keys()],
    get size() {
      return sessions.size;
    },
    async close() {
      clearInterval(timer);
      await Promise.all([...sessions.values()].map((entry) => entry.scope.dispose()));
      for (const entry of [...sessions.values()]) {
        sessions.delete(entry.id);
        options.unregister(entry);
      }
    },
  };
}

export type SessionRegistry = ReturnType<typeof createSessionRegistry>;
