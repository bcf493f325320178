import { expect, type Locator, type Page } from '@playwright/test';

/** The areas the host routes to a remote; each remote renders its pages inside `area-page`. */
export type AreaName = 'public' | 'upload' | 'admin' | 'explorer';

/** The page a remote renders for an area (`data-area`), or one page of it (`data-page`). */
export function areaLocator(page: Page, area: AreaName, pageName?: string): Locator {
  const onePage = pageName === undefined ? '' : `[data-page="${pageName}"]`;
  return page.locator(`[data-testid="area-page"][data-area="${area}"]${onePage}`);
}

/**
 * What every page object shares: the page it drives and a way to its elements by test id. A page
 * object declares its own elements as fields (`readonly header = this.testId('site-header')`).
 */
export class PageObject {
  constructor(readonly page: Page) {}

  /** An element by its `data-testid`. */
  protected testId(id: string): Locator {
    return this.page.getByTestId(id);
  }

  /** One item of a list by its test id and its `data-name` (a file row, an upload item). */
  protected named(testId: string, name: string): Locator {
    return this.page.locator(`[data-testid="${testId}"][data-name="${name}"]`);
  }
}

/** A page object of one remote's area: its area locator, and opening an address until the area shows. */
export class AreaPageObject extends PageObject {
  readonly area: Locator;

  constructor(page: Page, area: AreaName, pageName?: string) {
    super(page);
    this.area = areaLocator(page, area, pageName);
  }

  /** Opens `path` and waits until the remote has rendered the area (`timeout`: the expect default if not given). */
  protected async gotoArea(path: string, timeout?: number): Promise<void> {
    await this.page.goto(path);
    await expect(this.area).toBeVisible({ timeout });
  }
}
