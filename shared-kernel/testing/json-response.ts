/**
 * What the kernel's HttpClient reads of a JSON answer (status, the content-type header, text, blob),
 * for a test's fake `fetch`. `body` is sent as JSON; `undefined` is an empty body.
 */
export function jsonResponse(status: number, body: unknown): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return {
    status,
    statusText: '',
    ok: status >= 200 && status < 300,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
    text: async () => text,
    blob: async () => new Blob([text]),
  } as unknown as Response;
}
