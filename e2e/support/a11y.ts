import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The theme and locale pairs the accessibility specs check every view in. */
export const A11Y_THEMES = [
  ['light', 'en-US'],
  ['dark', 'zh-CN'],
] as const;

/**
 * Serious and critical axe violations (WCAG 2.1 A/AA and best practice) on the page, summarised
 * for a readable failure. The host's header and footer are left out: they belong to host-shell,
 * not to the remote under test. Colours are read once every finite CSS transition and animation has
 * ended: a row that has just become selected fades to its colours, and axe must not judge a frame
 * in between.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
  const results = await new AxeBuilder({ page })
    .exclude('[data-testid="site-header"]')
    .exclude('[data-testid="site-footer"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 5)
          .join(' | ')}`,
    );
}
