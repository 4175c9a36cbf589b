// One verification run: the target and its guard, then per interface the phases (positive,
// boundaries, invalid input, authentication, workflows) and finally the callbacks. The programmatic
// API; the CLI (cli.ts) only parses flags into these options and prints.
import { CREDENTIAL_RULES } from '@messaging-contracts/client-core';
import { runWorkflow, type WorkflowHost } from './arazzo.js';
import { boundaryBody, describeLimit, limitsOf } from './boundaries.js';
import { startCallbackListener, verifyCallbacks } from './callback-checks.js';
import { checkExchange, type Expectation, isRefusal } from './checks.js';
import { API_IDS, type ApiId, basePath, bundle, findOperation, type Operation, operationsOf } from './contract.js';
import { checkApiOptions } from './option-bounds.js';
import { bareNameOf, credentialNameOf, type Naming, nameOf, namingOf, viaCommand } from './option-names.js';
import { type Credentials, CREDENTIAL_SOURCES, secretsOf } from './credentials.js';
import { type Destinations, isDestinationPath, withDestinations } from './destinations.js';
import { examplesOf } from './examples.js';
import { FormAnswers, formsUsed } from './forms.js';
import { generateValid } from './generate.js';
import { workflowFiles } from './generated/workflows.js';
import { checkOnePerDestination } from './per-destination.js';
import { planLines, type PlannedRequest } from './plan.js';
import { type Report, Recorder, withReport } from './report.js';
import { buildRequest, type RequestInput } from './requests.js';
import { isLoopback, LIVE_DEFAULTS, LOOPBACK_DEFAULTS } from './safety.js';
import { redactor, withoutUserinfo } from './redact.js';
import { checkSessionId, SandboxScope } from './sandbox-scope.js';
import { letterOf, subsection } from './sections.js';
import { curlOf, type Exchange, InterruptedError, Transport } from './transport.js';
import { targetNow } from './target-clock.js';
import { type Selection, selectionOf } from './selection.js';
import { StartUsageError, UsageError } from './usage-error.js';
import { sameId } from './uuids.js';
import { counted } from './plural.js';
import { checkGatewayMediaType, uncheckedNote, vendorExamples } from './vendor-media-type.js';

export { UsageError };

export interface VerifyOptions {
  /** Scheme, host and port of the deployment, without a path (`/` at most); the interfaces' base paths are added. */
  baseUrl: string;
  /** Default: all four. */
  apis?: readonly ApiId[];
  /**
   * Only these operations, each `<id>.<operationId>` (README, `--operation`); their interfaces are the ones
   * verified. Default: every operation of `apis`.
   */
  operations?: readonly string[];
  credentials?: Credentials;
  /** Required to send anything to a non-loopback address. */
  live?: boolean;
  /** With `live`: the only destinations used; every destination of every body is replaced by them (README, "Safety"). */
  destinations?: Destinations;
  /** Default 60 live, 2000 on loopback. */
  maxRequests?: number;
  /** Least time between two requests; default 250 ms live, 0 on loopback. */
  intervalMs?: number;
  /** Per request; default 10000. */
  timeoutMs?: number;
  /** Largest answer body read, in bytes; default 1 MiB (1048576). A longer body fails its body check, naming this bound. */
  maxResponseBytes?: number;
  /** Longest RetryAfter waited out; default 120 s (C documents 10 to 1000, section 8). */
  maxRetryAfterSeconds?: number;
  /** Print every request instead of sending it. */
  dryRun?: boolean;
  /** Seed of the generated bodies; default 1. */
  seed?: number;
  /** Generated valid bodies per operation; default 3. */
  generated?: number;
  /**
   * A's vendor media type with the deployment's token (`application/vnd.<vendor>.gateway.v1+json`,
   * section 4.1): A's documented examples are then sent in it as well (README, `--gateway-media-type`).
   * Without it, a note says the vendor type was not checked.
   */
  gatewayMediaType?: string;
  /** D's `{application_name}`; default the bundle's example. */
  applicationName?: string;
  /** The target is a sandbox: register callbacks and change statuses through its control API (`/__sandbox`). */
  sandboxControl?: boolean;
  /**
   * The target is a sandbox, and the credentials are those of this session of it: every control
   * call goes to `/__sandbox/sessions/{id}/…` (implies `sandboxControl`). Without it the control
   * calls act on the sandbox's global scope.
   */
  sandboxSession?: string;
  /** Port of the callback receiver on 127.0.0.1 (0: any free port). */
  listen?: number;
  /** Public URL of the receiver, as the target reaches it; default the receiver's own URL. */
  callbackUrl?: string;
  /** How long to wait for expected callbacks; default 10000 ms live, 3000 ms otherwise. */
  callbackTimeoutMs?: number;
  /**
   * Stops the run when it fires (the command's SIGINT and SIGTERM): no request is sent after it,
   * the sandbox scope's callback addresses are put back and the receiver closed, and verify()
   * rejects with an InterruptedError whose report (`reportOf`) holds the checks made until then
   * and `stopped`, `interrupted (<the signal's reason>)`.
   */
  signal?: AbortSignal;
  /** Progress lines; default none. */
  print?: (line: string) => void;
  /** The FAIL lines (and each one's curl); default `print`. The command's `--quiet` silences `print` only. */
  printFailure?: (line: string) => void;
  /** Where a dry run prints each request it would send; default `print`. */
  printRequest?: (line: string) => void;
}


const DESTRUCTIVE = (op: Operation) => op.method === 'DELETE' || /^delete/.test(op.operationId);
/** An operation that reads or changes one resource by its id: only the workflows, with ids they created, call it. */
const BY_ID = (op: Operation) =>
  op.parameters.some(
    (p) => p.required && (p.in === 'path' || p.in === 'query') && (p.schema.type === 'integer' || p.schema.type === 'number' || p.schema.format === 'uuid'),
  );

/** Why a run is refused a non-loopback target without `live` (checkTarget; a dry run says it first). */
const notLoopback = (url: URL, naming: Naming) => `${bareNameOf('baseUrl', naming)} ${url.origin} is not a loopback address: nothing is sent there without ${nameOf('live', naming)}`;

export function checkTarget(options: VerifyOptions, naming: Naming = namingOf(options)): URL {
  const name = (option: Parameters<typeof nameOf>[0]) => nameOf(option, naming);
  const bare = (option: Parameters<typeof nameOf>[0]) => bareNameOf(option, naming);
  let url: URL;
  try {
    url = new URL(options.baseUrl);
  } catch {
    throw new UsageError(`${bare('baseUrl')} must be an absolute http or https URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`${bare('baseUrl')} must be an absolute http or https URL`);
  if (url.username || url.password) throw new UsageError(`${bare('baseUrl')} must not carry credentials; ${naming === 'command' ? 'use the credential flags' : 'give them in credentials'}`);
  // The base paths are added after the URL: a query or fragment would end up before them.
  if (url.search || url.hash || /[?#]/.test(options.baseUrl)) throw new UsageError(`${bare('baseUrl')} must not carry a query or fragment (?…, #…): the base paths are added after it`);
  // Scheme, host and port only: a path would be followed by the base path again (/rest/im/v1/rest/im/v1/...).
  if (url.pathname !== '/') {
    throw new UsageError(
      `${bare('baseUrl')} must be scheme, host and port only, without a path (got ${JSON.stringify(url.pathname)}): the verifier adds each interface's base path (${API_IDS.map(basePath).join(', ')}) itself`,
    );
  }
  const loopback = isLoopback(url);
  if (!loopback && !options.live && !options.dryRun) throw new StartUsageError(notLoopback(url, naming));
  if (options.live && !options.destinations) throw new UsageError(`${bare('live')} needs ${name('destinations')}: live requests use only the destinations listed there`);
  const drivesSandbox = options.sandboxControl || options.sandboxSession !== undefined;
  if (options.live && drivesSandbox) throw new UsageError(`${bare(options.sandboxSession !== undefined ? 'sandboxSession' : 'sandboxControl')} drives a local sandbox; it cannot be combined with ${bare('live')}`);
  if (options.sandboxSession !== undefined) checkSessionId(options.sandboxSession, bare('sandboxSession'));
  if (options.gatewayMediaType !== undefined) checkGatewayMediaType(options.gatewayMediaType, selectionOf(options.apis, options.operations, naming), naming);
  if (options.live && options.listen !== undefined && options.callbackUrl === undefined) {
    throw new UsageError(`${bare('listen')} with ${bare('live')} needs ${name('callbackUrl')}: the address the service reaches the receiver at`);
  }
  if (options.callbackUrl !== undefined && options.listen === undefined && !drivesSandbox) {
    throw new UsageError(`${bare('callbackUrl')} needs ${name('listen')}: the receiver it points at`);
  }
  for (const api of selectionOf(options.apis, options.operations, naming).apis) {
    for (const source of CREDENTIAL_SOURCES.filter((s) => s.api === api)) {
      const value = (options.credentials?.[api] as Record<string, unknown> | undefined)?.[source.part];
      if (!value) {
        if (options.dryRun) continue;
        throw new UsageError(`${credentialNameOf(source, naming)} is required to verify ${api}`);
      }
      // Refused here, naming the flag or option and the clients' rule in their words, not later as
      // the target's fault.
      const [forbidden, rule] = CREDENTIAL_RULES[source.part];
      if (typeof value !== 'string' || forbidden.test(value)) throw new UsageError(`${credentialNameOf(source, naming)} must be a string ${rule}`);
    }
  }
  return url;
}

/**
 * One run. An error that stops it (a UsageError, UnreachableError or BudgetError, exit 2 in the
 * CLI) carries `report` (read it with `reportOf(error)`): the checks made until then, and `stopped` saying why.
 */
export async function verify(given: VerifyOptions): Promise<Report> {
  const started = Date.now();
  // Every credential value is redacted from what the run prints and reports (redact.ts): the
  // report returned here is the one the command writes.
  const redactText = redactor(secretsOf(given.credentials ?? {}));
  const rawPrint = given.print ?? (() => {});
  const naming = namingOf(given);
  const options: VerifyOptions = {
    ...given,
    sandboxControl: Boolean(given.sandboxControl || given.sandboxSession !== undefined),
    print: (line) => rawPrint(redactText(line)),
    ...(given.printRequest && { printRequest: (line: string) => given.printRequest!(redactText(line)) }),
  };
  if (naming === 'command') viaCommand(options); // its messages name flags wherever they are made
  else checkApiOptions(given); // the command's flags are checked as they are read
  const selection = selectionOf(options.apis, options.operations, naming);
  const apis = selection.apis;
  // The recorder redacts each check's free text itself, and prints the FAIL lines from it unredacted
  // again: a second pass would take a credential `accepted` for the check of that name.
  const recorder = new Recorder(rawPrint, redactText, given.printFailure ?? rawPrint);
  const seed = options.seed ?? 1;
  // What the report needs from the run as it goes: the target as checked, and the transport's count.
  // A URL's userinfo is refused (checkTarget), and never shown, in the report either.
  const state: RunState = { target: withoutUserinfo(options.baseUrl), planned: [] };
  const report = (): Report => ({
    target: redactText(state.target),
    apis,
    checks: recorder.checks,
    failed: recorder.failed,
    requests: state.transport?.sent ?? 0,
    notes: recorder.notes,
    durationMs: Date.now() - started,
    seed,
  });
  try {
    await run(options, naming, selection, recorder, seed, state);
    if (options.dryRun) for (const line of planLines(state.planned, { ...state.limits!, naming, ...(state.refusedWithoutLive && { label: `with ${bareNameOf('live', naming)}` }) })) options.print!(line);
  } catch (caught) {
    // Whatever the abort broke off (a request, a wait, a control call), the run was interrupted.
    const error = options.signal?.aborted ? interrupted(options.signal) : caught;
    if (error instanceof Error) error.message = redactText(error.message);
    throw withReport(error, report());
  }
  return report();
}

function interrupted(signal: AbortSignal): InterruptedError {
  const reason: unknown = signal.reason;
  const why = typeof reason === 'string' ? reason : reason instanceof Error && reason.name !== 'AbortError' ? reason.message : 'aborted';
  return new InterruptedError(`interrupted (${why})`);
}

interface RunState {
  target: string;
  transport?: Transport;
  /** Every request sent (or, in a dry run, printed): the plan (plan.ts). */
  planned: PlannedRequest[];
  /** The budget and pacing the run meets. */
  limits?: { maxRequests: number; intervalMs: number };
  /** A dry run of a non-loopback target without `live`: the run itself would be refused, so its plan is labelled. */
  refusedWithoutLive?: boolean;
}

async function run(options: VerifyOptions, naming: Naming, { apis, has }: Selection, recorder: Recorder, seed: number, state: RunState): Promise<void> {
  const url = checkTarget(options, naming);
  options.signal?.throwIfAborted();
  const loopback = isLoopback(url);
  const print = options.print ?? (() => {});
  // A dry run needs no `live`, but the run it shows does: said first, and the plan labelled (plan.ts),
  // so that its budget line is not read as the run's go-ahead.
  if (options.dryRun && !loopback && !options.live) {
    state.refusedWithoutLive = true;
    print(
      `dry run: this run would be refused without ${bareNameOf('live', naming)} (${notLoopback(url, naming)}); ` +
        `the plan below, labelled "with ${bareNameOf('live', naming)}", is that of the run given ${bareNameOf('live', naming)} and ${nameOf('destinations', naming)}`,
    );
  }
  const defaults = loopback ? LOOPBACK_DEFAULTS : LIVE_DEFAULTS;
  state.limits = { maxRequests: options.maxRequests ?? defaults.maxRequests, intervalMs: options.intervalMs ?? defaults.intervalMs };
  const transport = new Transport({
    credentials: options.credentials ?? {},
    ...state.limits,
    timeoutMs: options.timeoutMs ?? 10_000,
    maxResponseBytes: options.maxResponseBytes ?? 1024 * 1024,
    maxRetryAfterSeconds: options.maxRetryAfterSeconds ?? 120,
    retries429: 3,
    dryRun: Boolean(options.dryRun),
    print,
    ...(options.printRequest && { printRequest: options.printRequest }),
    ...(options.signal && { signal: options.signal }),
    naming,
  });
  const baseUrl = url.href.replace(/\/$/, '');
  state.transport = transport;
  state.target = baseUrl;
  const applicationName =
    options.applicationName ??
    (operationsOf('campaign-manager-v1')[0]?.parameters.find((p) => p.name === 'application_name')?.example as string | undefined) ??
    'messaging-verify';
  const requestDefaults = { baseUrl, parameters: { application_name: applicationName } };

  // A deployment that redirects plain HTTP to HTTPS (section 1, B) fails every check with its 3xx:
  // said once, with what to do.
  let redirectNoted = false;
  /** The target's clock as last read (per interface, and before the callbacks): answers are judged by it. */
  let clock = Date.now();
  const noteHttpsRedirect = (answer: Exchange) => {
    const location = answer.headers.get('location') ?? '';
    if (redirectNoted || url.protocol !== 'http:' || answer.status < 300 || answer.status > 399 || !/^https:\/\//i.test(location)) return;
    redirectNoted = true;
    const origin = withoutUserinfo(new URL(location).origin);
    recorder.note(`the target redirects plain HTTP to HTTPS (${answer.status} to ${origin}/…): verify ${origin} with --base-url instead (an internal CA: NODE_EXTRA_CA_CERTS=<its PEM file>)`);
  };
  const exchange = async (op: Operation, input: RequestInput, subject: string, expect: Expectation, label?: { check: string; section: string }) => {
    const body = input.body !== undefined && options.live ? withDestinations(input.body, options.destinations!) : input.body;
    const request = buildRequest(requestDefaults, op, { ...input, ...(body !== undefined && { body }) });
    const answer = await transport.send(request);
    state.planned.push({ api: op.api, operation: op.name, method: op.method, authenticated: (input.credentials ?? 'valid') === 'valid', destructive: DESTRUCTIVE(op), expect });
    if (answer) {
      noteHttpsRedirect(answer);
      checkExchange(recorder, op, answer, subject, expect, label, clock);
      checkOnePerDestination(recorder, op, answer, body, subject, curlOf(answer.request));
      // A valid body, with the credentials given, accepted in a form an example was refused in (forms.ts).
      const answers = formAnswers.get(op.name);
      if (answers && input.body !== undefined && (input.credentials ?? 'valid') === 'valid' && expect !== 'refused' && succeeded(op, answer.status)) {
        answers.recordLaterAcceptance(formsUsed(bundle(op.api), op.bodySchema, input.body), { subject, status: answer.status });
      }
    }
    return answer;
  };

  // The forms each operation's examples were accepted or refused in (forms.ts), from the positive phase.
  const formAnswers = new Map<string, FormAnswers>();
  const succeeded = (op: Operation, status: number) => op.responses.some((r) => /^2\d\d$/.test(r.key) && r.key === String(status));
  const noteRefusedForms = (op: Operation, answers: FormAnswers) => {
    if (answers.noneAccepted()) {
      const first = answers.firstRefused();
      recorder.add({
        check: 'accepted',
        section: subsection(op.api, 4),
        operation: op.name,
        subject: 'the documented examples, in every form',
        passed: false,
        message: `no documented example was accepted in any of its forms (${answers.refusedForms().join(', ')}); the contract takes each, and one at least must be`,
        // The first example refused, as every failure of a request gives one.
        ...(first && { status: first.status, curl: first.curl }),
      });
      return;
    }
    for (const form of answers.refusedForms()) {
      const [pointer, name] = form.split(' ');
      // The run's own later answers took this form: the refusal was a wrong answer, not a choice of form.
      const contradiction = answers.contradiction(form);
      if (contradiction) {
        const { refused, accepted } = contradiction;
        recorder.add({
          check: 'accepted',
          section: subsection(op.api, 4),
          operation: op.name,
          subject: `${refused.subject}, in the form ${name} of its ${pointer} elements`,
          passed: false,
          status: refused.status,
          // What happened first; the curl is the refused request (the example as the bundle gives
          // it), not the later one, often a generated body: a run with the same seed sends it again.
          message:
            `${refused.subject} was refused with ${refused.status}, yet ${accepted.subject}, in the same form, was accepted later in this run (${accepted.status}): ` +
            `the deployment takes that form, so the refusal was a wrong answer, not a choice of form (section ${subsection(op.api, 2)}); ` +
            'the curl is the refused request, and a run with the same seed sends the later one again',
          curl: refused.curl,
        });
        continue;
      }
      recorder.note(
        `${op.name}: the target refused the example whose ${pointer} elements are in the form ${name} and accepted another form; section ${subsection(op.api, 2)} leaves that shape open, so a body in that form may be refused (its limits are checked as accepted or refused)`,
      );
    }
  };
  /** The first example in no form the target refused (the callbacks' trigger), else the first. */
  const acceptedExample = (op: Operation, now: number) => {
    const answers = formAnswers.get(op.name);
    const examples = examplesOf(op, now);
    return (answers && examples.find((example) => !answers.usesRefused(formsUsed(bundle(op.api), op.bodySchema, example)))) ?? examples[0];
  };

  print(
    `messaging-verify: ${baseUrl}${options.live ? ' (live)' : ''}${options.dryRun ? ' (dry run: nothing is sent)' : ''}${options.sandboxSession !== undefined ? ` (sandbox session ${options.sandboxSession})` : ''}, ${apis.join(', ')}, seed ${seed}`,
  );
  // The sandbox scope driven (global, or a session), opened before the run's first request: a
  // session the sandbox does not have stops the run before anything is sent. A dry run sends nothing.
  const timeoutMs = options.timeoutMs ?? 10_000;
  const scope =
    options.sandboxControl && !options.dryRun
      ? await SandboxScope.open(
          baseUrl,
          { timeoutMs, name: bareNameOf('sandboxSession', naming), ...(options.sandboxSession !== undefined && { session: options.sandboxSession }) },
          (text) => recorder.note(text),
        )
      : undefined;
  let listener: Awaited<ReturnType<typeof startCallbackListener>> | undefined;
  // Said once, before the first request: what a run without A's vendor type leaves unchecked.
  const unchecked = options.gatewayMediaType === undefined ? uncheckedNote({ apis, has }, naming) : undefined;
  if (unchecked) recorder.note(unchecked);
  try {
    // A callback is checked when the operation that triggers it (B's and C's sendMessage) is verified.
    const callbackApis = apis.filter((api) => has(`${api}.sendMessage`));
    /** The interfaces whose every valid request was refused 401 or 403: the credentials given are wrong. */
    const refusedCredentials = new Set<ApiId>();
    listener = await startCallbackListener(options, callbackApis, recorder, print);
    for (const api of apis) {
      const phase = async (name: string, run: () => Promise<void>) => {
        const before = recorder.checks.length;
        const failedBefore = recorder.failed;
        await run();
        print(`${letterOf(api)} ${api} ${name}: ${counted(recorder.checks.length - before, 'check')}, ${recorder.failed - failedBefore} failed`);
      };
      const document = bundle(api);
      // Per interface: the phases before it have moved a deterministic sandbox's clock.
      const now = await targetNow(scope, (text) => recorder.note(text));
      clock = now;
      const operations = operationsOf(api).filter((op) => has(op.name));
      const accepts = (op: Operation) => (value: unknown) => op.validators.body!(value, { now: () => now }).length === 0;
      const generatedOf = (op: Operation, count: number, salt: number) =>
        op.bodySchema ? generateValid(op.bodySchema, { document, now }, count, seed * 7919 + salt, accepts(op)) : [];

      // The statuses of the positive phase: every one a 401 or 403 means the credentials given were refused.
      const positive: number[] = [];
      // Its first request: the one the failure gives as curl when the credentials were refused.
      let first: Exchange | undefined;
      const sent = async (...args: Parameters<typeof exchange>) => {
        const answer = await exchange(...args);
        if (answer) positive.push(answer.status);
        first ??= answer;
        return answer;
      };
      let credentialsRefusedHere = false;
      await phase('positive (documented examples, generated bodies)', async () => {
        // Held until the phase ends: if every answer was 401 or 403, they say one thing, below.
        recorder.hold();
        try {
        for (const [index, op] of operations.entries()) {
          if (DESTRUCTIVE(op) || BY_ID(op)) continue; // the workflows call them, with ids they created
          if (!op.bodySchema) {
            await sent(op, {}, 'no body', 'documented');
            continue;
          }
          // An example in one of several forms the contract takes (forms.ts; C's delivery attempts,
          // section 2.3: their shape is not shown) may be refused, if an example in another form is accepted.
          const answers = new FormAnswers();
          formAnswers.set(op.name, answers);
          for (const [i, example] of examplesOf(op, now).entries()) {
            const forms = formsUsed(document, op.bodySchema, example);
            const subject = `documented example ${i + 1}`;
            const answer = await sent(op, { body: example }, subject, forms.length > 0 ? 'accepted-or-refused' : 'accepted');
            // Only a success or a refusal (a documented 4xx) says anything of the form: a 5xx, or no
            // answer, is a fault of the exchange, failed as such (accepted, no-server-error, answers).
            if (forms.length > 0 && answer && succeeded(op, answer.status)) answers.record(forms, true);
            else if (forms.length > 0 && answer && isRefusal(op, answer.status)) {
              answers.record(forms, false);
              answers.recordRefusal(forms, { subject, status: answer.status, curl: curlOf(answer.request) });
            }
          }
          // A's examples again in its vendor media type, where the run was given it (section 4.1).
          if (options.gatewayMediaType !== undefined) {
            for (const [i, example] of vendorExamples(op, now).entries()) {
              await sent(op, { body: example, mediaType: options.gatewayMediaType }, `documented example ${i + 1}, as ${options.gatewayMediaType}`, 'accepted');
            }
          }
          for (const [i, body] of generatedOf(op, options.generated ?? 3, index).entries()) {
            await sent(op, { body }, `generated body ${i + 1} (seed ${seed})`, 'accepted-or-refused', { check: 'generated-accepted', section: subsection(api, 2) });
          }
        }
        } finally {
          const held = recorder.take();
          // Wrong or stale credentials are no deviation from the contract: said as what they are, and
          // this interface's other phases, which would test nothing past authentication, are left out.
          credentialsRefusedHere = positive.length > 0 && positive.every((status) => status === 401 || status === 403);
          if (credentialsRefusedHere) {
            recorder.add({
              check: 'credentials-accepted',
              section: '5',
              operation: api,
              subject: 'the credentials given',
              passed: false,
              message: credentialsRefused(api, positive),
              ...(first && { status: first.status, curl: curlOf(first.request) }),
            });
          } else for (const result of held) recorder.add(result);
        }
      });
      if (credentialsRefusedHere) {
        refusedCredentials.add(api);
        continue;
      }

      await phase('boundaries (section 8)', async () => {
        for (const [index, op] of operations.entries()) {
          if (!op.bodySchema || DESTRUCTIVE(op)) continue;
          // The bases of the bodies at and past each limit: the examples (those in a form the
          // deployment took first), then generated bodies.
          const answers = formAnswers.get(op.name) ?? new FormAnswers();
          const refusedFirst = (body: unknown) => (answers.usesRefused(formsUsed(document, op.bodySchema, body)) ? 1 : 0);
          const examples = examplesOf(op, now)
            .filter(accepts(op))
            .sort((a, b) => refusedFirst(a) - refusedFirst(b));
          const generated = generatedOf(op, 30, 1000 + index);
          for (const limit of limitsOf(document, op.bodySchema, subsection(api, 2), op.bodySchemaName)) {
            if (options.live && isDestinationPath(limit.path)) {
              recorder.note(`${op.name}: ${describeLimit(limit, 'at')} not sent live (it is a destination; --destinations only)`);
              continue;
            }
            for (const side of ['at', 'past'] as const) {
              // An example as it is; else an example given the field; else a generated body.
              const fromExample = boundaryBody(op, limit, side, examples, now);
              const body = fromExample ?? boundaryBody(op, limit, side, examples, now, true) ?? boundaryBody(op, limit, side, generated, now);
              if (body === 'none') continue; // no "one past" a zero minimum
              if (body === undefined) {
                recorder.note(`${op.name}: no body ${describeLimit(limit, side)} could be made from the examples and generated bodies`);
                continue;
              }
              const label = side === 'at' ? { check: 'boundary-accepted', section: limit.section } : { check: 'boundary-refused', section: limit.section };
              // At the limit in a body that is not an example as the bundle gives it (a field the
              // verifier added, a generated body with random references: a template_id, a media url),
              // C's 404 and 422 (section 7) answer those values, not the limit (checks.ts, UNRESOLVED).
              // In a form the deployment refused (forms.ts), a refusal is no failure of the limit.
              const at: Expectation = answers.usesRefused(formsUsed(document, op.bodySchema, body))
                ? 'accepted-or-refused'
                : fromExample === undefined
                  ? 'accepted-or-unresolved'
                  : 'accepted';
              await exchange(op, { body }, describeLimit(limit, side), side === 'at' ? at : 'refused', label);
            }
          }
        }
      });

      await phase('invalid input (section 7)', async () => {
        for (const op of operations) {
          if (!op.bodySchema || DESTRUCTIVE(op) || !(op.bodySchema.required?.length > 0)) continue;
          await exchange(op, { body: {} }, 'empty object (required fields missing)', 'refused', { check: 'invalid-refused', section: '7' });
        }
      });

      /** Sends the request without credentials and with wrong ones: each must be refused (section 5). */
      const checkAuthentication = async (op: Operation, input: RequestInput, where?: string) => {
        for (const credentials of ['missing', 'wrong'] as const) {
          await exchange(op, { ...input, credentials }, `${credentials} credentials${where ? `, before ${where}` : ''}`, 'unauthorized', { check: `auth-${credentials}`, section: '5' });
        }
      };
      await phase('authentication (section 5)', async () => {
        for (const op of operations) {
          // An operation on one resource by its id is checked in the workflows, on the id the run
          // created (README, "Safety"): a target that ignored credentials would otherwise delete, or
          // be asked for, data the run never made, under the bundle's example ids.
          if (op.anonymous || DESTRUCTIVE(op) || BY_ID(op)) continue;
          const body = acceptedExample(op, now) ?? (op.bodyRequired ? {} : undefined);
          await checkAuthentication(op, body !== undefined ? { body } : {});
        }
      });

      // With a selection, a workflow runs when one of its steps calls a selected operation.
      const files = workflowFiles
        .filter((f) => f.api === api)
        .map((f) => ({ ...f, document: { ...f.document, workflows: f.document.workflows.filter((w) => w.steps.some((s) => has(`${api}.${s.operationId}`))) } }))
        .filter((f) => f.document.workflows.length > 0);
      const inWorkflows = new Set(files.flatMap((f) => f.document.workflows.flatMap((w) => w.steps.map((s) => s.operationId))));
      for (const op of operations) {
        if ((DESTRUCTIVE(op) || BY_ID(op)) && !inWorkflows.has(op.operationId)) {
          recorder.note(`${op.name} is not checked: only a workflow calls it (with ids it created), and no workflow in specs/${api}/workflows does`);
        }
      }
      if (files.length > 0) {
        const authenticated = new Set<string>();
        await phase('workflows (Arazzo)', async () => {
          const host: WorkflowHost = {
            operation: (operationId) => findOperation(api, operationId),
            send: (op, input, subject, expect) => exchange(op, input, subject, expect),
            // The authentication checks the phase above left out, once per operation, on the step's own ids.
            beforeSend: async (op, input, subject) => {
              if (op.anonymous || !(DESTRUCTIVE(op) || BY_ID(op)) || authenticated.has(op.name)) return;
              authenticated.add(op.name);
              await checkAuthentication(op, input, subject);
            },
            // A criterion that does not hold gives the step's request as curl, as every failure of a request.
            criterion: (op, subject, answer, problem) =>
              recorder.add({
                check: 'workflow',
                section: subsection(api, 4),
                operation: op.name,
                subject,
                passed: problem === undefined,
                ...(problem !== undefined && { message: problem, status: answer.status, curl: curlOf(answer.request) }),
              }),
            unsent: (op, subject, problem) => recorder.add({ check: 'workflow', section: subsection(api, 4), operation: op.name, subject, passed: false, message: problem }),
            note: (text) => recorder.note(text),
            equal: (a, b) => sameId(api, a, b),
          };
          for (const file of files) {
            for (const workflow of file.document.workflows) {
              await runWorkflow(host, file, workflow, workflowInputs(api, workflow, applicationName, now));
            }
          }
        });
      }
      // The forms refused in an example, judged once the interface's every answer is in: a form the
      // run's later answers took fails `accepted`, another is noted as the deployment's choice.
      for (const op of operations) {
        const answers = formAnswers.get(op.name);
        if (answers) noteRefusedForms(op, answers);
      }
    }
    // The clock again (the phases have moved a deterministic sandbox's); a clock it cannot read was noted above.
    if (listener) {
      clock = await targetNow(scope, () => {});
      const apisWithCallbacks = callbackApis.filter((api) => !refusedCredentials.has(api));
      await verifyCallbacks(listener, options, apisWithCallbacks, recorder, exchange, scope, print, clock, (op) => acceptedExample(op, clock));
    }
  } finally {
    // The scope's callback addresses as they were (the receiver closes next), however the run ended.
    const notRestored = await scope?.restore();
    if (notRestored) recorder.note(notRestored);
    await listener?.close();
  }
}

/** Inputs of a workflow: D's application name, and each `<name>Body` the bundle's request example of the step that sends it (its dates from `now`, examples.ts). */
function workflowInputs(
  api: ApiId,
  workflow: { inputs?: { properties?: Record<string, unknown> }; steps: { operationId: string; requestBody?: { payload?: unknown } }[] },
  applicationName: string,
  now: number,
) {
  const inputs: Record<string, unknown> = {};
  for (const name of Object.keys(workflow.inputs?.properties ?? {})) {
    if (name === 'applicationName') inputs[name] = applicationName;
    const step = workflow.steps.find((s) => s.requestBody?.payload === `$inputs.${name}`);
    if (step) inputs[name] = examplesOf(findOperation(api, step.operationId), now)[0];
  }
  return inputs;
}

/** Why an interface's checks stopped at its credentials: the statuses, and where the credentials come from. */
function credentialsRefused(api: ApiId, statuses: number[]): string {
  const sources = CREDENTIAL_SOURCES.filter((source) => source.api === api);
  const counts = [...new Set(statuses)].map((status) => `${statuses.filter((s) => s === status).length} × ${status}`).join(', ');
  return (
    `every valid request was refused (${counts}): the deployment does not take the credentials given for ${api}; ` +
    `check ${sources.map((source) => `--${source.flag} (${source.env})`).join(' and ')}. Its other checks were not run`
  );
}
