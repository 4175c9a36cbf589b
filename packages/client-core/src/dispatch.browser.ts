// The browser build of dispatch.ts (package.json `imports`, `#dispatch` under the condition
// `browser`): a page has no setImmediate, and its server is not on a core of its own; each call
// reaches fetch at once.
export const dispatch = (send: () => Promise<Response>): Promise<Response> => send();
