// Rows of the README's "The verifier's choices" that name a behaviour of its own where the spec
// document is silent: each row is there and the code does what it says.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { limitsOf } from '../src/boundaries.js';
import { bundle } from '../src/contract.js';
import { DestinationsError, parseDestinations } from '../src/destinations.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const choices = /^## The verifier's choices\n[\s\S]*?(?=^## )/m.exec(readme)?.[0] ?? '';
const row = (question: string) => choices.split('\n').find((line) => line.startsWith(`| ${question}`));

describe("the verifier's choices", () => {
  it("live destinations are +<digits> for every interface, A's and D's too (their format is not shown)", () => {
    expect(row('The form of the destinations sent live')).toMatch(/`\+<digits>`, for all four interfaces/);
    expect(parseDestinations('+447700900123\n').numbers).toEqual(['+447700900123']);
    expect(() => parseDestinations('447700900123\n')).toThrow(DestinationsError);
  });

  it("B's 202 id is needed by the look-up and the status callback's match, though section 2.2 makes it optional", () => {
    expect(row("The id of B's 202 reply")).toMatch(/"all optional"\) \| required by two checks/);
    // The behaviour: test/workflow-criteria.test.ts (a 202 without an id fails lookUp and callback-received).
  });

  it("C's Url (section 2.3: \"URL format\") is read as the contract's `uri`: a relative reference is expected to be refused", () => {
    expect(row("C's `Url` past its format")).toMatch(/the contract's `uri` reading of section 2\.3's "URL format"/);
    expect(limitsOf(bundle('im-v1'), { type: 'object', properties: { url: { $ref: '#/components/schemas/Url' } } }, '2.3').find((l) => l.keyword === 'format')?.schema.format).toBe('uri');
    // The behaviour: test/deviations.test.ts (a format not enforced is caught by boundary-refused).
  });

  it("C's 202 id is required as B's is, though the contract does not require it (section 4.3)", () => {
    expect(row("The id of C's 202 reply")).toMatch(/does not require `id`.*\| required, as B's is/);
    // The behaviour: test/deviations.test.ts (a 202 without an id fails callback-received, naming the choice).
  });

  it("A's and D's status for missing or wrong credentials: a documented 4xx, and on D its default 500 too (section 7: \"described as 500\")", () => {
    expect(row("A's and D's status for missing or wrong credentials")).toMatch(/any documented 4xx refusal \(401, 403, \.\.\.\), or on D its default 500 \(section 7: "described as 500"\), in the interface's error shape/);
    // The behaviour: test/fidelity.test.ts (D's refusals answered 500, auth-missing and auth-wrong among them, pass; 403 on A and D passes).
  });

  it("a callback body is held to the webhooks receiver's 64 KiB, the verifier's choice (section 8: B's content-length limits not shown)", () => {
    expect(row('The size of a callback body')).toMatch(/\| at most 64 KiB, the webhooks receiver's default \(`maxBodyBytes`\): a larger one is answered 413 and fails `callback-body`/);
    // The behaviour: test/callbacks-live.test.ts (oversized callbacks answered 413 fail callback-body and callback-received).
  });

  it("D's answers may be any JSON media type (section 4.4 states none); A, B and C are held to application/json", () => {
    expect(row("The media type of D's answers")).toMatch(/any JSON media type passes `content-type` there/);
    // So are all the answers of B's description, whose request is "none" (section 4.2), not its 200 alone.
    // B's look-up is held to application/json, though section 4.2 lists its Accept without a value: said as a reading.
    expect(row("The media type of D's answers")).toMatch(/for B's look-up \(`GET \/messages`\) it lists the header `Accept` without a value, and sending `application\/json` there, as the sms-v2 client does, and holding the answer to it is the verifier's reading/);
    expect(row("The media type of D's answers")).toMatch(/the answers of B's description, its 200, 401 and 404/);
    // The behaviour: test/deviations.test.ts (D answering problem+json passes, text/plain fails; C held to application/json);
    // test/fidelity.test.ts (B's description answering 200, 401 or 404 in another JSON media type passes).
  });

  it("A's vendor media type is sent only when given: its token is hidden (section 4.1)", () => {
    expect(row("A's vendor media type")).toMatch(/`--gateway-media-type <type>` \(`gatewayMediaType`\) sends A's documented examples in it as well/);
    // The behaviour: test/vendor-media-type.test.ts (a target refusing it caught with the flag, noted as not checked without).
  });
});
