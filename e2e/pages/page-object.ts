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
 * object lists the elements it finds by test id in one table (see withTestIds), and declares any
 * other locator as a field.
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

/** The locator fields a table of test ids gives: `{ header: 'site-header' }` → `header: Locator`. */
export type TestIdLocators<Ids extends Record<string, string>> = { readonly [Name in keyof Ids]: Locator };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TypeScript's rule for a mixin's base: a constructor of `...args: any[]`
type PageObjectClass = abstract new (...args: any[]) => PageObject;

/**
 * `Base` with one locator field per entry of `ids` (field name → `data-testid`), so that a page
 * object lists its elements as a table: `class ShellPage extends withTestIds(PageObject, { header:
 * 'site-header' })` has `shell.header`, which is `page.getByTestId('site-header')`. The fields are
 * set before the subclass's own field initializers run, so those may build on them.
 */
export function withTestIds<Base extends PageObjectClass, Ids extends Record<string, string>>(Base: Base, ids: Ids) {
  abstract class WithTestIds extends Base {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the mixin's constructor passes the base's arguments on as they are
    constructor(...args: any[]) {
      super(...args);
      for (const [name, id] of Object.entries(ids)) {
        Object.defineProperty(this, name, { value: this.page.getByTestId(id), enumerable: true });
      }
    }
  }
  return WithTestIds as unknown as abstract new (...args: ConstructorParameters<Base>) => InstanceType<Base> & TestIdLocators<Ids>;
}
