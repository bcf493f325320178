/**
 * Answers to API requests that the boot page started before any of our scripts ran.
 *
 * A share page (`/paste/{slug}`, `/file/{slug}`) cannot show anything before its first API answer.
 * Asked for by the page's code, that answer waits for the host, the remote and the page's chunks
 * to download and run; on a slow network the code takes over a second. The gateway therefore
 * writes a small inline script into the boot page that starts those requests as soon as the HTML
 * arrives (deploy/gateway/early-requests.mjs; which requests a page needs, the remote's build says
 * in its page-chunks.json). It leaves them on `window.__cloudclipEarlyResponses`.
 *
 * The API client takes such a response instead of sending the same request again, once: a paste
 * view is counted per request, so the request must not be sent twice. It only takes one for a
 * request the early one is the same as: a GET without a body, without the session's credentials
 * and without extra headers. The two public reads the boot page starts (`pastes.open`,
 * `files.publicInfo`) are sent without credentials for every visitor, so a signed-in visitor's page
 * adopts them too.
 */
export const EARLY_RESPONSES_GLOBAL = '__cloudclipEarlyResponses';

export interface EarlyResponses {
  /** The Accept-Language the early requests were sent with. */
  language: string;
  /** Absolute request address → the response of the early request. */
  responses: Record<string, Promise<Response> | undefined>;
}

export interface EarlyResponse {
  response: Promise<Response>;
  language: string;
}

function earlyResponses(scope: object): EarlyResponses | null {
  const value = (scope as Record<string, unknown>)[EARLY_RESPONSES_GLOBAL];
  if (!value || typeof value !== 'object') return null;
  const candidate = value as Partial<EarlyResponses>;
  if (typeof candidate.language !== 'string' || !candidate.responses || typeof candidate.responses !== 'object') return null;
  return candidate as EarlyResponses;
}

function absolute(url: string, scope: object): string | null {
  const base = (scope as { location?: { href?: string } }).location?.href;
  try {
    return new URL(url, base).href;
  } catch {
    return null;
  }
}

/**
 * The early response for this address, removed so that nobody takes it twice; null when the boot
 * page started none.
 */
export function takeEarlyResponse(url: string, scope: object = globalThis): EarlyResponse | null {
  const early = earlyResponses(scope);
  if (!early) return null;
  const key = absolute(url, scope);
  const response = key ? early.responses[key] : undefined;
  if (!key || !response || typeof response.then !== 'function') return null;
  delete early.responses[key];
  return { response, language: early.language };
}

function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const fail = () => reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
}

/**
 * The early response to use in place of a request sent now, or null when the request should be
 * sent after all: the early one failed on the network, or it is an error answer in another language
 * than the page's (the message would be shown in the wrong language; an error counts no view, so
 * asking again is harmless). Rejects when `signal` aborts first.
 */
export async function adoptEarlyResponse(early: EarlyResponse, language: string, signal: AbortSignal): Promise<Response | null> {
  let response: Response;
  try {
    response = await Promise.race([early.response, aborted(signal)]);
  } catch (error) {
    if (signal.aborted) throw error;
    return null;
  }
  if (!response.ok && early.language !== language) return null;
  return response;
}
