// The integrator's own code: order notifications by C (im-v1, an app message with SMS as the fallback
// attempt) or by B (sms-v2, a single SMS), each client with contract validation before sending.
import { createImClient } from '@messaging-contracts/im-v1-client';
import { createSmsClient } from '@messaging-contracts/sms-v2-client';
import { withValidation } from '@messaging-contracts/validators/client';
import * as imV1 from '@messaging-contracts/validators/im-v1';
import * as smsV2 from '@messaging-contracts/validators/sms-v2';

export interface MessagingConfig {
  /** The service's `{base_url}`: the sandbox's URL in the tests. */
  baseUrl: string;
  smsApiKey: string;
  imApiKey: string;
}

export function createMessaging(config: MessagingConfig) {
  const im = withValidation(createImClient({ baseUrl: config.baseUrl, apiKey: config.imApiKey }), imV1, { response: 'throw' });
  const sms = withValidation(createSmsClient({ baseUrl: config.baseUrl, apiKey: config.smsApiKey }), smsV2, { response: 'throw' });

  return {
    im,
    sms,
    /** C: one message to a mobile number; resolves to the message id the service gave it. */
    async sendOrderShipped(mobile: string, orderId: string): Promise<string> {
      const { data, error } = await im.POST('/message', {
        body: { destination: { mobile }, message: { type: 'text', text: { body: `Order ${orderId} has shipped` } } },
      });
      // C's error body is an APIError or the samples' shape (section 7): `statusCode` tells them apart.
      if (error) throw new Error(`im-v1 refused the message: ${'statusCode' in error ? String(error.statusCode) : error.code} ${String(error.message)}`);
      if (!data.id) throw new Error('im-v1 accepted the message without an id');
      return data.id;
    },
    /** B: one SMS; resolves to its id and status. */
    async sendSms(destination: string, content: string): Promise<{ id: string; status: string }> {
      const { data, error } = await sms.POST('/messages', { body: { destination, content } });
      if (error) throw new Error(`sms-v2 refused the message: ${error.statusCode} ${error.message}`);
      if (!data.id || !data.status) throw new Error('sms-v2 accepted the message without an id or a status');
      return { id: data.id, status: data.status };
    },
  };
}
