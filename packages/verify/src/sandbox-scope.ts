// The sandbox scope a run drives with --sandbox-control: the sandbox's global scope, or one session
// (`--sandbox-session <id>`: every control call then goes to `/__sandbox/sessions/{id}/…`, the
// session-scoped operations of the control API, so a suite that gives each test file a session can
// verify one without touching the others). Every call goes through the sandbox's typed control
// client. The scope's callback addresses are read when it is opened and put back by `restore()`
// (the run replaces them with its own receiver's, which is closed when the run ends).
import { createRequire } from 'node:module';
import { createSandboxControlClient, type SandboxControlClient, type SandboxControlComponents } from '@messaging-contracts/sandbox/control-client';
import { UsageError } from './usage-error.js';

type CallbackUrls = SandboxControlComponents['schemas']['CallbackUrls'];
type StatusChange = SandboxControlComponents['schemas']['StatusChange'];

/** The session id's rule, from the control API's own document (`components.parameters.SessionId`). */
const SESSION_ID = (() => {
  const document = createRequire(import.meta.url)('@messaging-contracts/sandbox/openapi.json') as { components: { parameters: { SessionId: { schema: { pattern: string } } } } };
  return new RegExp(document.components.parameters.SessionId.schema.pattern);
})();

/** A usage error when `id` cannot be a session id (checked before anything is sent). */
export function checkSessionId(id: string, name = '--sandbox-session'): void {
  // The document's pattern is anchored: an id of any length is tested in time linear in it.
  if (!SESSION_ID.test(id)) {
    throw new UsageError(`${name} must be a session id as POST /__sandbox/sessions answers it (${SESSION_ID.source}), got ${JSON.stringify(id.slice(0, 40))}`);
  }
}

type Answer = { response: Response; error?: unknown; data?: unknown };

export class SandboxScope {
  /** The scope's addresses before the run set its own; undefined when they could not be read. */
  private before: CallbackUrls | undefined;
  /** The kinds the run replaced, so restore() touches nothing else. */
  private replaced: (keyof CallbackUrls)[] = [];

  private constructor(
    private readonly control: SandboxControlClient,
    /** The session's id, or undefined for the global scope. */
    readonly session: string | undefined,
  ) {}

  /** `/__sandbox` or `/__sandbox/sessions/<id>`: where this scope's operations are, for messages. */
  get path(): string {
    return this.session === undefined ? '/__sandbox' : `/__sandbox/sessions/${this.session}`;
  }

  /**
   * Opens the scope and reads its callback addresses. A session the sandbox does not have is bad
   * usage (exit 2, before any request of the run); addresses that cannot be read (not a sandbox,
   * an old one) only mean that they are not put back, which `note` says.
   */
  static async open(
    baseUrl: string,
    /** `name`: how the reader spells the session option (`--sandbox-session`, or `sandboxSession` in the API). */
    options: { session?: string; timeoutMs: number; name: string },
    note: (text: string) => void,
  ): Promise<SandboxScope> {
    const control = createSandboxControlClient({ baseUrl, timeoutMs: options.timeoutMs });
    const scope = new SandboxScope(control, options.session);
    const read = await (
      options.session === undefined ? control.GET('/') : control.GET('/sessions/{sessionId}', { params: { path: { sessionId: options.session } } })
    ).catch((error: unknown) => ({ failed: error instanceof Error ? error.message : 'no answer' }) as const);
    const what = `GET ${scope.path}${options.session === undefined ? '/' : ''}`;
    if (options.session !== undefined && 'response' in read && read.response.status === 404) {
      throw new UsageError(`${options.name} ${options.session}: the sandbox at ${baseUrl} has no such session (${what} answered 404: never created, deleted, or expired)`);
    }
    const callbacks = 'data' in read ? (read.data as { callbacks?: unknown } | undefined)?.callbacks : undefined;
    if (callbacks !== null && typeof callbacks === 'object') scope.before = callbacks as CallbackUrls;
    else {
      if (options.session !== undefined) throw new UsageError(`${options.name} ${options.session}: ${what} ${'failed' in read ? `failed (${read.failed})` : `answered ${read.response.status}`}; is ${baseUrl} a sandbox?`);
      note(`--sandbox-control: ${what} ${'failed' in read ? `failed (${read.failed})` : `answered ${read.response.status} without callback addresses`}; the run's own addresses are not put back after it`);
    }
    return scope;
  }

  /** The scope's clock (ms since the epoch), or why it could not be read. */
  async now(): Promise<number | string> {
    const { control, session } = this;
    const answer = await (session === undefined ? control.GET('/clock') : control.GET('/sessions/{sessionId}/clock', { params: { path: { sessionId: session } } })).catch(
      (error: unknown) => ({ failed: error instanceof Error ? error.message : 'no answer' }) as const,
    );
    const now = 'data' in answer && answer.data ? Date.parse(answer.data.now) : Number.NaN;
    if (!Number.isNaN(now)) return now;
    return `GET ${this.path}/clock ${'failed' in answer ? `failed (${answer.failed})` : `answered ${answer.response.status} without a clock`}`;
  }

  /** Points the scope's callbacks at the run's receiver; restore() puts back what was there. */
  async setCallbacks(urls: CallbackUrls): Promise<void> {
    this.replaced = [...new Set([...this.replaced, ...(Object.keys(urls) as (keyof CallbackUrls)[])])];
    await this.must('PUT', '/callbacks', this.putCallbacks(urls));
  }

  async setStatus(body: StatusChange): Promise<void> {
    const { control, session } = this;
    await this.must('POST', '/status', session === undefined ? control.POST('/status', { body }) : control.POST('/sessions/{sessionId}/status', { params: { path: { sessionId: session } }, body }));
  }

  async reply(messageId: string): Promise<void> {
    const { control, session } = this;
    const body = { messageId };
    await this.must('POST', '/reply', session === undefined ? control.POST('/reply', { body }) : control.POST('/sessions/{sessionId}/reply', { params: { path: { sessionId: session } }, body }));
  }

  /**
   * Puts back the callback addresses the run replaced (an address that was not set is removed:
   * the control API's empty string). Never throws: the run's result stands; the returned text
   * says what could not be put back.
   */
  async restore(): Promise<string | undefined> {
    if (this.replaced.length === 0 || this.before === undefined) return undefined;
    const before = this.before;
    const urls = Object.fromEntries(this.replaced.map((kind) => [kind, before[kind] ?? ''])) as CallbackUrls;
    const answer = await this.putCallbacks(urls).catch((error: unknown) => ({ failed: error instanceof Error ? error.message : 'no answer' }) as const);
    if ('failed' in answer) return `the callback addresses of ${this.path} could not be put back: PUT ${this.path}/callbacks failed (${answer.failed})`;
    if (!answer.response.ok) return `the callback addresses of ${this.path} could not be put back: PUT ${this.path}/callbacks answered ${answer.response.status}`;
    this.replaced = [];
    return undefined;
  }

  private putCallbacks(body: CallbackUrls) {
    const { control, session } = this;
    return session === undefined ? control.PUT('/callbacks', { body }) : control.PUT('/sessions/{sessionId}/callbacks', { params: { path: { sessionId: session } }, body });
  }

  /**
   * A call the sandbox refuses means the target is not the sandbox (or the scope) --sandbox-control
   * says it is: bad usage, not a failed check. A message the scope refuses is most likely one sent
   * with another scope's credentials, which the error says.
   */
  private async must(method: string, operation: string, answer: Promise<Answer>): Promise<void> {
    const { response, error } = await answer;
    if (response.ok) return;
    const detail = JSON.stringify(error ?? null).slice(0, 200);
    const hint =
      response.status === 400 && (operation === '/status' || operation === '/reply')
        ? this.session === undefined
          ? " (were the messages sent with a session's credentials? Then pass --sandbox-session <its id>)"
          : ` (were the messages sent with session ${this.session}'s credentials? A session's messages are its own)`
        : '';
    throw new UsageError(`the sandbox control API answered ${response.status} to ${method} ${this.path}${operation}: ${detail}${hint}`);
  }
}
