// Interface B's paths as this client serves them: the generated `paths`, except that the 200 of
// `GET /openapi.yaml` (no documented body schema or media type, section 4.2) is read as text, so
// its `data` is the description's text.
import type { paths } from '@messaging-contracts/sms-v2-types';

type Description = paths['/openapi.yaml']['get'];

export type SmsPaths = Omit<paths, '/openapi.yaml'> & {
  '/openapi.yaml': Omit<paths['/openapi.yaml'], 'get'> & {
    get: Omit<Description, 'responses'> & {
      responses: Omit<Description['responses'], 200> & {
        200: { headers: Description['responses'][200]['headers']; content: { 'text/plain': string } };
      };
    };
  };
};
