import { expect, test, type Page } from '@playwright/test';
import { AdminApi } from '../support/admin-api';

// Every page works under the gateway's Content-Security-Policy with no violation reported.

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

async function openAndSettle(page: Page, address: string, area: string): Promise<void> {
  const response = await page.goto(address);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.locator(`[data-testid="area-page"][data-area="${area}"]`).first()).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
}

test.use({ locale: 'en-US' });

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

  const pages: Array<[string, string]> = [
    ['/', 'public'],
    [`/paste/${paste.slug}`, 'public'],
    [`/file/${file.slug}`, 'public'],
    ['/upload', 'upload'],
    ['/mount-explorer', 'explorer'],
    ['/admin', 'admin'],
  ];
  for (const [address, area] of pages) {
    await openAndSettle(page, address, area);
    expect(await violations(page), address).toEqual([]);
  }

  await page.evaluate((token) => window.localStorage.setItem('admin_token', token), api.token);
  for (const module of ['', '/text-management', '/storage-config', '/settings']) {
    await openAndSettle(page, `/admin${module}`, 'admin');
    expect(await violations(page), `/admin${module}`).toEqual([]);
  }
});
