import { loginToken } from './admin-api';

/** Logs in through the real API as the e2e admin and returns a fresh admin token. */
export async function adminToken(): Promise<string> {
  return loginToken();
}
