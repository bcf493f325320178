import { expect, test, type Page } from '@playwright/test';
import { AdminApi } from '../support/admin-api';
import { waitForServiceWorker } from '../support/service-worker';

// Every page works under the gateway's Content-Security-Policy with no violation reported, with the
// app's service worker active (it registers /sw.js, serves the pages and caches the releases).

declare global {
  interface Window {
    __cspViolations: string[];
  }
}

async function watchViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
}

async function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__cspViolations);
}

async function openAndSettle(page: Page, address: string, area: string, { underWorker = false } = {}): Promise<void> {
  const response = await page.goto(address);
  // The policy arrives with the page, whether the network or the service worker answered.
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  if (underWorker) expect(response?.fromServiceWorker(), `${address} through the service worker`).toBe(true);
  await expect(page.locator(`[data-testid="area-page"][data-area="${area}"]`).first()).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
}

test.use({ locale: 'en-US', serviceWorkers: 'allow' });

test('the policy is enforced: an injected inline script is blocked and reported', async ({ page }) => {
  await watchViolations(page);
  await openAndSettle(page, '/', 'public');
  const executed = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.body.appendChild(script);
    return new Promise<boolean>((resolve) =>
      setTimeout(() => resolve((window as unknown as { __injected?: boolean }).__injected === true), 200),
    );
  });
  expect(executed).toBe(false);
  await expect.poll(() => violations(page)).toEqual([expect.stringContaining('script-src')]);
});

test('every page loads, and the admin panel works signed in, with no CSP violation', async ({ page }) => {
  const api = await AdminApi.login();
  const paste = await api.createPaste({
    content: '# CSP\n\n$$e=mc^2$$\n\n```js\nconsole.log(1)\n```\n\n```mermaid\ngraph TD; A-->B\n```',
    remark: 'csp',
  });
  const file = await api.uploadFile('csp-notes.md', '# Notes\n\n- one\n- two\n');
  await watchViolations(page);
  // Registering the worker and precaching happen under the policy too.
  await openAndSettle(page, '/', 'public');
  await waitForServiceWorker(page);
  expect(await violations(page), 'registering the service worker').toEqual([]);

  const pages: Array<[string, string]> = [
    ['/', 'public'],
    [`/paste/${paste.slug}`, 'public'],
    [`/file/${file.slug}`, 'public'],
    ['/upload', 'upload'],
    ['/mount-explorer', 'explorer'],
    ['/admin', 'admin'],
  ];
  for (const [address, area] of pages) {
    await openAndSettle(page, address, area, { underWorker: true });
    expect(await violations(page), address).toEqual([]);
  }

  await page.evaluate((token) => window.localStorage.setItem('admin_token', token), api.token);
  for (const module of ['', '/text-management', '/storage-config', '/settings']) {
    await openAndSettle(page, `/admin${module}`, 'admin', { underWorker: true });
    expect(await violations(page), `/admin${module}`).toEqual([]);
  }
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
});
