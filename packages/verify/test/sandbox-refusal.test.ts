// `--sandbox` with a credential the sandbox refuses: bad usage naming the flag, decided by the
// sandbox's structured refusal (SandboxCredentialError's code and fields), not by its message's
// words. The whole path, a real sandbox refusing a real flag, is test/cli.test.ts's bad-usage case.
import { CREDENTIAL_ERROR_CODE, SandboxCredentialError } from '@messaging-contracts/sandbox';
import { describe, expect, it } from 'vitest';
import { sandboxRefusal } from '../src/sandbox-refusal.js';
import { UsageError } from '../src/usage-error.js';

describe('a credential the sandbox refused', () => {
  it("names the flag and the sandbox's rule, from the error's fields", () => {
    const error = sandboxRefusal(new SandboxCredentialError('sms-v2', 'apiKey', 'must be visible ASCII characters'));
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toBe("--sms-api-key (or SMS_V2_API_KEY) must be visible ASCII characters (the sandbox's rule, --sandbox)");
  });

  it('a message worded otherwise still names the flag: the fields decide', () => {
    const reworded = Object.assign(new TypeError('the sandbox cannot use the user name given for interface A'), {
      code: CREDENTIAL_ERROR_CODE,
      api: 'gateway-v1',
      field: 'username',
      rule: 'must be a string without ":"',
    });
    expect((sandboxRefusal(reworded) as Error).message).toBe('--gateway-user (or GATEWAY_V1_USERNAME) must be a string without ":" (the sandbox\'s rule, --sandbox)');
  });

  it('an error without the code is passed on as it is, whatever its message says', () => {
    for (const error of [new TypeError('credentials.sms-v2.apiKey must be visible ASCII characters'), new Error('listen EADDRINUSE'), 'not an error']) {
      expect(sandboxRefusal(error)).toBe(error);
    }
  });

  it('a code with fields that name no flag is passed on as it is', () => {
    const odd = Object.assign(new TypeError('credentials.sms-v2.token must be …'), { code: CREDENTIAL_ERROR_CODE, api: 'sms-v2', field: 'token', rule: 'must be …' });
    expect(sandboxRefusal(odd)).toBe(odd);
  });
});
