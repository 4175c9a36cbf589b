// The CLI stops when the process that started it goes away. `npx messaging-sandbox` runs the CLI as
// a child of npm, and npm exits on SIGTERM without passing the signal on (a supervisor's stop, a CI
// step's end): the sandbox, re-parented to PID 1 (or a subreaper), kept serving. A re-parented
// process sees its `process.ppid` change; Node has no event for it, so it is polled, once a second,
// on an unref'd timer that never keeps the process alive by itself.

/** How often the parent is looked at, ms: the sandbox stops at most this long after its parent exits. */
export const PARENT_POLL_MS = 1000;

/** Calls `onGone` once when `process.ppid` changes from what it is now. Returns a stop function. */
export function watchParent(onGone: () => void, pollMs = PARENT_POLL_MS): () => void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onGone();
  }, pollMs);
  timer.unref();
  return () => clearInterval(timer);
}
