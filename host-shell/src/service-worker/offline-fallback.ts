// The page the worker answers a page load with when the network fails and no offline shell is kept
// (the app was never fully loaded online). The shell and its i18n resources are not there, so the
// two languages' texts live here; the page has no script, and its policy allows none.

export const OFFLINE_META = '<meta name="cloudclip-offline" content="1">';

interface OfflineTexts {
  lang: 'zh-CN' | 'en-US';
  title: string;
  body: string;
  retry: string;
}

const TEXTS: Record<'zh-CN' | 'en-US', OfflineTexts> = {
  'zh-CN': {
    lang: 'zh-CN',
    title: '当前处于离线状态',
    body: 'Cloudclip 需要先在联网时完整打开一次，之后才能离线使用。请连接网络后重试。',
    retry: '重试',
  },
  'en-US': {
    lang: 'en-US',
    title: 'You are offline',
    body: 'Cloudclip needs to be opened once while online before it works offline. Connect to the network and try again.',
    retry: 'Try again',
  },
};

/** Chinese for a `zh…` browser language, English otherwise. */
export function offlineTextsFor(language: string | undefined): OfflineTexts {
  return /^zh\b/i.test(language ?? '') ? TEXTS['zh-CN'] : TEXTS['en-US'];
}

const STYLE = `
:root { color-scheme: light dark; }
body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center;
  font-family: system-ui, -apple-system, "Segoe UI", "PingFang SC", "Microsoft YaHei", sans-serif;
  background: #f7f8fa; color: #1f2329; }
main { max-width: 28rem; padding: 1.5rem; text-align: center; }
h1 { font-size: 1.375rem; margin: 0 0 0.75rem; }
p { line-height: 1.6; margin: 0 0 1.25rem; color: #4e5969; }
a { display: inline-block; padding: 0.625rem 1.25rem; border-radius: 6px; background: #1664ff; color: #fff;
  text-decoration: none; font-weight: 600; }
a:focus-visible { outline: 3px solid #94bfff; outline-offset: 2px; }
@media (prefers-color-scheme: dark) {
  body { background: #17181a; color: #e5e6eb; }
  p { color: #a9aeb8; }
  a { background: #3c7eff; }
}`;

/** The built-in offline page in the browser's language. */
export function offlineFallbackHtml(language: string | undefined): string {
  const texts = offlineTextsFor(language);
  return `<!doctype html>
<html lang="${texts.lang}">
<head>
${OFFLINE_META}
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${texts.title} · Cloudclip</title>
<style>${STYLE}</style>
</head>
<body>
<main data-testid="offline-fallback">
<h1>${texts.title}</h1>
<p>${texts.body}</p>
<a href="">${texts.retry}</a>
</main>
</body>
</html>
`;
}

export function offlineFallbackResponse(language: string | undefined): Response {
  return new Response(offlineFallbackHtml(language), {
    status: 503,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy':
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** The boot page with the offline marker right after `<head>`, so the host knows it started offline. */
export function markOffline(html: string): string {
  const head = /<head(?:\s[^>]*)?>/i.exec(html);
  if (!head) return `${OFFLINE_META}${html}`;
  const end = head.index + head[0].length;
  return `${html.slice(0, end)}${OFFLINE_META}${html.slice(end)}`;
}

/** The kept offline shell as the answer to a page load: marked, with its own headers (its CSP too). */
export async function offlineShellResponse(cached: Response): Promise<Response> {
  const html = markOffline(await cached.text());
  const headers = new Headers(cached.headers);
  // The body was decoded when it was stored, and it is longer now.
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(html, { status: 200, statusText: 'OK', headers });
}
