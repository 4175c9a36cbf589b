// When a plain call reaches fetch (Node): at once when no other is in flight, else at the end of
// the event loop's turn (setImmediate, after its poll phase), together with the other calls started
// in that turn. A server on the same machine (the sandbox, a test stub) is then woken once for
// their requests rather than once per request: each such wake-up is a cross-CPU interrupt this
// process pays for in the kernel, and at 32 calls in flight it was most of what our clients cost
// above raw fetch (tools/client-bench README, "Dispatch"). One call at a time is never deferred.
// A browser build gets dispatch.browser.ts instead (package.json `imports`, condition `browser`).
// The real setImmediate, taken from node:timers when this module loads: fake timers replace the
// global one, before or after the load (jest's legacy ones with a mock whose queue
// jest.clearAllTimers() drops, which left every later concurrent call waiting). Where even the
// module's one is a fake (@sinonjs/fake-timers, behind vitest's and jest's modern timers, marks it
// `clock`), calls reach fetch at once.
type Immediate = (run: () => void) => unknown;
const host = globalThis as { process?: { getBuiltinModule?: (id: string) => { setImmediate?: Immediate } | undefined }; setImmediate?: Immediate };
const immediate = host.process?.getBuiltinModule?.('node:timers')?.setImmediate ?? host.setImmediate;
const later = typeof immediate === 'function' && !('clock' in immediate) ? immediate : undefined;
let turn: Promise<void> | undefined;
let inFlight = 0;

const endOfTurn = () =>
  (turn ??= new Promise<void>((resolve) =>
    later!(() => {
      turn = undefined;
      resolve();
    }),
  ));

/** Calls `send` (a plain call's fetch) now or at the end of this turn, and counts it in flight until it settles. */
export function dispatch(send: () => Promise<Response>): Promise<Response> {
  const counted = () => {
    // Counted once sent: a stubbed fetch that throws at once leaves nothing in flight.
    const sent = send();
    inFlight++;
    return sent.then(
      (response) => {
        inFlight--;
        return response;
      },
      (error: unknown) => {
        inFlight--;
        throw error;
      },
    );
  };
  return later && inFlight > 0 ? endOfTurn().then(counted) : counted();
}
