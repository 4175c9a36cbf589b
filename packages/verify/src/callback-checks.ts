// The callback checks (section 6): a receiver for B's status and reply callbacks and C's status
// callback, what must arrive for the messages this run sent, and the checks of what did arrive.
import { setTimeout as sleep } from 'node:timers/promises';
import type { SandboxControlComponents } from '@messaging-contracts/sandbox/control-client';
import { CALLBACK_RATE_LIMIT, CALLBACK_ROUTES, type CallbackKind, CallbackListener, MAX_ARRIVALS, answerHeadersOf } from './callbacks.js';
import { type Expectation, headerProblem } from './checks.js';
import { type ApiId, bundle, findOperation, type Operation } from './contract.js';
import { examplesOf } from './examples.js';
import { bareNameOf, nameOf, namingOf } from './option-names.js';
import { withoutUserinfo } from './redact.js';
import type { Recorder } from './report.js';
import type { RequestInput } from './requests.js';
import type { SandboxScope } from './sandbox-scope.js';
import { subsection } from './sections.js';
import { caseRule, differInCaseOnly, sameCallbackId } from './uuids.js';
import { curlOf, type Exchange } from './transport.js';
import type { VerifyOptions } from './verify.js';
import { counted, were } from './plural.js';

type Send = (op: Operation, input: RequestInput, subject: string, expect: Expectation) => Promise<Exchange | undefined>;

/** Section 6: B's status and reply callbacks and C's status callback, to the receiver. */
/**
 * The receiver, started before the first request when callbacks can be checked, so that every
 * callback that arrives during the run is validated; undefined (with a note) when they cannot.
 */
export async function startCallbackListener(options: VerifyOptions, apis: ApiId[], recorder: Recorder, print: (line: string) => void) {
  const kinds = (Object.keys(CALLBACK_ROUTES) as CallbackKind[]).filter((k) => apis.includes(CALLBACK_ROUTES[k].api));
  if (kinds.length === 0) return undefined;
  if (!options.sandboxControl && options.listen === undefined) {
    recorder.note('callbacks not checked: give --listen and --callback-url (registering that address with the service is yours to do; section 6 does not show where)');
    return undefined;
  }
  if (options.dryRun) {
    print(`would listen for callbacks on 127.0.0.1:${options.listen ?? 0}`);
    return undefined;
  }
  return CallbackListener.start(options.listen ?? 0, bareNameOf('listen', namingOf(options)));
}

/** The callbacks a second our answer asks the target for, where it asks (C's X-RateLimit-Limit, section 4.3). */
function rateOf(kind: CallbackKind): number | undefined {
  return 'X-RateLimit-Limit' in answerHeadersOf(kind) && CALLBACK_RATE_LIMIT > 0 ? CALLBACK_RATE_LIMIT : undefined;
}

/**
 * The refusals of one kind of callback, summed by answer: `2 with 400 invalid_body (/status must be
 * equal to one of the allowed values)`, the first refusal's violations named; those past the cap by count.
 */
function refusalsOf(listener: CallbackListener, kind: CallbackKind): string[] {
  const byAnswer = new Map<string, { n: number; detail: string }>();
  for (const { refusal } of listener.arrivals.filter((a) => a.kind === kind && a.refusal !== undefined)) {
    const key = `${refusal!.status} ${refusal!.reason}`;
    const entry = byAnswer.get(key) ?? { n: 0, detail: refusal!.violations ? ` (${refusal!.violations.slice(0, 3).map((v) => `${v.pointer || '(body)'} ${v.message}`).join('; ')})` : '' };
    entry.n++;
    byAnswer.set(key, entry);
  }
  for (const [key, n] of listener.refusedPastCap.get(kind) ?? []) {
    const entry = byAnswer.get(key) ?? { n: 0, detail: '' };
    entry.n += n;
    byAnswer.set(key, entry);
  }
  return [...byAnswer].map(([answer, { n, detail }]) => `${n} with ${answer}${detail}`);
}

/**
 * Triggers (from a sandbox scope, when there is one) and awaits the callbacks of the messages this
 * run sends, then checks every arrival.
 */
export async function verifyCallbacks(
  listener: CallbackListener,
  options: VerifyOptions,
  apis: ApiId[],
  recorder: Recorder,
  send: Send,
  scope: SandboxScope | undefined,
  print: (line: string) => void,
  /** The target's clock: a date-time of the example sent becomes one day after it (README, "The verifier's choices"). */
  now: number,
  /** The example that triggers a message's callback: by default the first (a run picks one in a form the target accepted). */
  exampleFor: (op: ReturnType<typeof findOperation>) => unknown = (op) => examplesOf(op, now)[0],
) {
  const kinds = (Object.keys(CALLBACK_ROUTES) as CallbackKind[]).filter((k) => apis.includes(CALLBACK_ROUTES[k].api));
  const before = recorder.checks.length;
  const failedBefore = recorder.failed;
  {
    const publicUrl = (options.callbackUrl ?? listener.url).replace(/\/$/, '');
    // The sandbox scope's control operations (a call it refuses is bad usage: sandbox-scope.ts).
    if (scope) {
      const urls = Object.fromEntries(kinds.map((k) => [k, `${publicUrl}${CALLBACK_ROUTES[k].path}`])) as SandboxControlComponents['schemas']['CallbackUrls'];
      await scope.setCallbacks(urls);
    }
    // What must arrive: a status callback for each message sent here (and, from a sandbox, a reply).
    const expected: { kind: CallbackKind; id?: string }[] = [];
    for (const api of ['sms-v2', 'im-v1'] as const) {
      if (!apis.includes(api)) continue;
      const op = findOperation(api, 'sendMessage');
      const answer = await send(op, { body: exampleFor(op) }, 'message sent to trigger its status callback', 'accepted');
      const id = (answer?.json as { id?: unknown } | undefined)?.id;
      const kind: CallbackKind = api === 'sms-v2' ? 'smsStatus' : 'imStatus';
      if (typeof id !== 'string') {
        if (answer && /^2/.test(String(answer.status))) {
          // Accepted without an id: the contract allows it (B's fields are "all optional", section 2.2;
          // C's 202 schema requires none), but the verifier matches the message's callback by it
          // (its choice, README): said as such, for B and C alike, and nothing is awaited.
          const { api: cbApi, webhook } = CALLBACK_ROUTES[kind];
          recorder.add({
            check: 'callback-received',
            section: '6',
            operation: `${cbApi}.${webhook}`,
            subject: webhook,
            passed: false,
            message: `the ${answer.status} reply carried no id, so no status callback can be matched to the message: requiring the id is the verifier's choice (README, "The verifier's choices"), not the contract's (section ${subsection(api, 4)})`,
            status: answer.status,
            curl: curlOf(answer.request),
          });
          continue;
        }
        // The answer was no success (its own checks fail); any status callback will do.
        expected.push({ kind });
        continue;
      }
      expected.push({ kind, id });
      listener.await(kind, id);
      if (scope) {
        // A state other than `accepted`, the one a new message has (B: section 3; C: the sandbox's
        // choice, as section 3 names no first state of C), from the bundle's own enum.
        const statuses = (bundle(api).components.schemas.MessageStatus?.enum ?? []) as string[];
        const status = (statuses.find((s) => s !== 'accepted') ?? 'sent') as SandboxControlComponents['schemas']['StatusChange']['status'];
        await scope.setStatus({ id, status });
        if (api === 'sms-v2') {
          await scope.reply(id);
          expected.push({ kind: 'smsReply' });
        }
      }
    }
    const timeout = options.callbackTimeoutMs ?? (options.live ? 10_000 : 3_000);
    const flag = nameOf('callbackTimeoutMs', namingOf(options));
    /** Callbacks of a kind recorded so far (the receiver records at most MAX_ARRIVALS: the count, and so the wait, is bounded). */
    const recordedOf = (kind: CallbackKind) => listener.arrivals.filter((a) => a.kind === kind).length;
    const atStart = new Map(kinds.map((kind) => [kind, recordedOf(kind)]));
    const meanwhile = (kind: CallbackKind) => recordedOf(kind) - (atStart.get(kind) ?? 0);
    /**
     * The verifier's choice (README, "The verifier's choices"): where our answer asks the target to
     * pace a kind of callback (C: X-RateLimit-Limit, section 4.3), the run's own messages queue
     * their callbacks at that rate ahead of the one awaited. Without --callback-timeout-ms, each
     * callback of such a kind that arrives during the wait adds the time that rate gives it
     * (1000 / rate ms) to the wait; a wait given is kept as given.
     */
    const pacedExtension = () =>
      options.callbackTimeoutMs !== undefined ? 0 : kinds.filter((kind) => rateOf(kind) !== undefined).reduce((sum, kind) => sum + (meanwhile(kind) * 1000) / rateOf(kind)!, 0);
    // Only a callback the receiver accepted is the message's: a refused one (its body broke the
    // schema, was too large, ...) names no message the verifier can read, and counting it would
    // pass this check for a message whose callback never came valid (it fails callback-body too).
    const arrivedFor = (e: { kind: CallbackKind; id?: string }) =>
      listener.arrivals.some(
        (a) => a.kind === e.kind && a.refusal === undefined && (e.id === undefined || sameCallbackId(CALLBACK_ROUTES[e.kind].api, CALLBACK_ROUTES[e.kind].webhook, a.body?.id, e.id)),
      );
    /** Why an expected callback is missing: one for the id in another letter case, where case matters (C), is named; so are callbacks of its kind the receiver refused. */
    const missing = (e: { kind: CallbackKind; id?: string }, webhook: string) => {
      const other = listener.arrivals.find((a) => a.kind === e.kind && differInCaseOnly(a.body?.id, e.id));
      if (other) return `a ${webhook} arrived for ${other.body!.id}, the id in another letter case: ${caseRule(CALLBACK_ROUTES[e.kind].api, webhook)}`;
      const at = `${withoutUserinfo(publicUrl)}${CALLBACK_ROUTES[e.kind].path}`;
      const refused = refusalsOf(listener, e.kind);
      if (refused.length > 0) return `no valid ${webhook} arrived at ${at} within ${waited} ms; the receiver refused ${refused.join('; ')} there (each a callback-body failure)`;
      const elsewhere = listener.unrouted > 0 ? ` (${counted(listener.unrouted, 'request')} arrived at paths of no callback and ${were(listener.unrouted)} answered 404: is the address registered with the service ${withoutUserinfo(publicUrl)}${CALLBACK_ROUTES[e.kind].path}?)` : '';
      return `no ${webhook} arrived at ${at} within ${waited} ms${elsewhere}; ${arrivedMeanwhile(e.kind)}`;
    };
    /** What did arrive during the wait, and at what pace the verifier asked for it: the message's callback may be queued behind them. */
    const arrivedMeanwhile = (kind: CallbackKind) => {
      const rate = rateOf(kind);
      // Only callbacks that did arrive can have been queued ahead of the awaited one.
      const paced = rate !== undefined && meanwhile(kind) > 0 ? `, paced at the ${rate} a second the verifier's answer asks for (X-RateLimit-Limit, section ${subsection(CALLBACK_ROUTES[kind].api, 4)}), so the awaited one may be queued behind the run's other callbacks` : '';
      return `${counted(meanwhile(kind), 'other callback')} arrived there during the wait${paced}; a longer wait: ${flag}`;
    };
    const started = Date.now();
    let waited = timeout;
    while (Date.now() - started < timeout + pacedExtension() && !expected.every(arrivedFor)) await sleep(50, undefined, options.signal && { signal: options.signal });
    waited = Math.round(timeout + pacedExtension());
    for (const e of expected) {
      const { api, webhook } = CALLBACK_ROUTES[e.kind];
      recorder.add({
        check: 'callback-received',
        section: '6',
        operation: `${api}.${webhook}`,
        subject: e.id ? `${webhook} for message ${e.id}` : webhook,
        passed: arrivedFor(e),
        ...(!arrivedFor(e) && { message: missing(e, webhook) }),
      });
    }
    if (listener.dropped > 0) recorder.note(`${counted(listener.dropped, 'further callback')} arrived and ${were(listener.dropped)} answered but not recorded: at most ${MAX_ARRIVALS} are recorded in a run (those refused fail callback-body below)`);
    // Refused past the cap: not kept, but a refusal all the same, so a failure naming the reasons.
    for (const [kind, counts] of listener.refusedPastCap) {
      const { api, webhook } = CALLBACK_ROUTES[kind];
      recorder.add({
        check: 'callback-body',
        section: subsection(api, 2),
        operation: `${api}.${webhook}`,
        subject: `callbacks at ${CALLBACK_ROUTES[kind].path} past the first ${MAX_ARRIVALS} recorded`,
        passed: false,
        message: `the receiver refused ${[...counts].map(([answer, n]) => `${n} with ${answer}`).join(', ')} (not recorded, so no details)`,
      });
    }
    for (const [i, arrival] of listener.arrivals.entries()) {
      const { api, webhook } = CALLBACK_ROUTES[arrival.kind];
      const operation = `${api}.${webhook}`;
      const subject = `callback ${i + 1} at ${CALLBACK_ROUTES[arrival.kind].path}`;
      const refusal = arrival.refusal;
      recorder.add({
        check: 'callback-body',
        section: subsection(api, 2),
        operation,
        subject,
        passed: refusal === undefined,
        ...(refusal && {
          message: `the receiver refused it with ${refusal.status} (${refusal.reason})${refusal.violations ? `: ${refusal.violations.map((v) => `${v.pointer || '(body)'} ${v.message}`).join('; ')}` : ''}`,
        }),
      });
      if (arrival.answerStatus === 200) {
        const problems = Object.entries(answerHeadersOf(arrival.kind)).flatMap(([name, schema]) => {
          const value = arrival.answerHeaders[name.toLowerCase()];
          if (value === undefined) return [`${name} is missing`];
          const problem = headerProblem(schema, value);
          return problem ? [`${name} ${problem}`] : [];
        });
        if (Object.keys(answerHeadersOf(arrival.kind)).length > 0) {
          recorder.add({ check: 'callback-answer', section: subsection(api, 4), operation, subject, passed: problems.length === 0, ...(problems.length > 0 && { message: problems.join('; ') }) });
        }
      }
    }
  }
  print(`callbacks (section 6): ${counted(recorder.checks.length - before, 'check')}, ${recorder.failed - failedBefore} failed`);
}
