import Fastify from 'fastify';
import { requestOrigin } from './request-origin';

async function originSeenBy(trustProxy: boolean, headers: Record<string, string>): Promise<string> {
  const app = Fastify({ trustProxy });
  app.get('/origin', async (request) => ({ origin: requestOrigin(request) }));
  try {
    const response = await app.inject({ method: 'GET', url: '/origin', headers });
    return (response.json() as { origin: string }).origin;
  } finally {
    await app.close();
  }
}

describe('requestOrigin', () => {
  const forwarded = { host: 'internal:8787', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'files.example.com' };

  it('uses X-Forwarded-Proto and X-Forwarded-Host behind a trusted proxy', async () => {
    expect(await originSeenBy(true, forwarded)).toBe('https://files.example.com');
  });

  it('ignores forwarded headers when the proxy is not trusted', async () => {
    expect(await originSeenBy(false, forwarded)).toBe('http://internal:8787');
  });
});
