import type { ClientRequest, IncomingHttpHeaders } from 'node:http';

/** What a raw HTTP request to a listening test app was answered: status, headers and the body as text. */
export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** The answer to `request` (sent by the caller), read whole as UTF-8 text; rejects on a request error. */
export function answerOf(request: ClientRequest): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('error', reject);
  });
}
