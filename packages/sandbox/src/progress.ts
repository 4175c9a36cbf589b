// Automatic status progression (opt-in, per scope; Microcks' async mocks): every new B (MT) or C
// message walks through the configured states, one every `delayMs`, each change delivering its
// status callback as setStatus does, so a suite sees callbacks without driving each one. Which
// transitions the service makes is not shown (section 3): the chain is the user's, each state
// checked against the interface's MessageStatus; a state the interface lacks is skipped for it.
import { schemaEnum } from './contract.js';
import type { MessageState } from './control-types.js';

export interface ProgressOptions {
  /** States in order, e.g. ['sent', 'received']; empty turns progression off. */
  states: MessageState[];
  /** Wait before each change, ms (0 to 60000); default 1000. */
  delayMs?: number;
}

/** Progressions running at once per scope; a message created beyond it does not progress. */
export const MAX_PROGRESSIONS = 10_000;
const MAX_STATES = 20;

export function checkProgress(value: unknown): Required<ProgressOptions> {
  const options = value as ProgressOptions | undefined;
  if (!options || !Array.isArray(options.states) || options.states.length > MAX_STATES) {
    throw new TypeError(`progress.states must be an array of at most ${MAX_STATES} states`);
  }
  const known = new Set([...schemaEnum('sms-v2', 'MessageStatus'), ...schemaEnum('im-v1', 'MessageStatus')]);
  for (const state of options.states) {
    if (typeof state !== 'string' || !known.has(state)) throw new TypeError(`progress.states: ${String(state).slice(0, 40)} is a state of neither B nor C (MessageStatus)`);
  }
  const delayMs = options.delayMs ?? 1000;
  if (!Number.isInteger(delayMs) || delayMs < 0 || delayMs > 60_000) throw new RangeError('progress.delayMs must be an integer from 0 to 60000');
  return { states: [...options.states], delayMs };
}

/** Parses `--progress sent>received[@500]`: states separated by `>`, an optional delay in ms after `@`. */
export function parseProgressFlag(text: string): ProgressOptions {
  const [chain, delay] = text.split('@');
  const states = (chain ?? '').split('>').map((s) => s.trim()).filter(Boolean);
  // Checked by checkProgress, which names a state of neither interface.
  return { states: states as MessageState[], ...(delay !== undefined && { delayMs: Number(delay) }) };
}

export function createProgression(setStatus: (id: string, status: MessageState) => Promise<unknown>) {
  let settings: Required<ProgressOptions> = { states: [], delayMs: 1000 };
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const states = { 'sms-v2': new Set(schemaEnum('sms-v2', 'MessageStatus')), 'im-v1': new Set(schemaEnum('im-v1', 'MessageStatus')) };

  function step(id: string, chain: readonly MessageState[], delayMs: number) {
    if (chain.length === 0) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      // A message evicted or reset meanwhile ends its progression.
      setStatus(id, chain[0]!).then(
        () => step(id, chain.slice(1), delayMs),
        () => undefined,
      );
    }, delayMs);
    timer.unref();
    timers.add(timer);
  }

  return {
    get: (): Required<ProgressOptions> => ({ states: [...settings.states], delayMs: settings.delayMs }),
    set(value: unknown) {
      settings = checkProgress(value);
    },
    /** A new message of `api` starts progressing, when progression is on. */
    start(api: 'sms-v2' | 'im-v1', id: string) {
      if (settings.states.length === 0 || timers.size >= MAX_PROGRESSIONS) return;
      step(id, settings.states.filter((state) => states[api].has(state)), settings.delayMs);
    },
    stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
