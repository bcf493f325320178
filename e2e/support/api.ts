import { request } from '@playwright/test';
import { ADMIN, API_PORT } from '../playwright.config';

/** Logs in through the real API and returns a fresh admin token. */
export async function adminToken(): Promise<string> {
  const api = await request.newContext({ baseURL: `http://127.0.0.1:${API_PORT}` });
  const response = await api.post('/api/admin/login', { data: ADMIN });
  if (!response.ok()) throw new Error(`login failed: ${response.status()} ${await response.text()}`);
  const body = (await response.json()) as { data: { token: string } };
  await api.dispose();
  return body.data.token;
}
