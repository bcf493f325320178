import type { JSHandle } from '@playwright/test';
import { PageObject, withTestIds } from './page-object';

/** A file handed to the page (built there as a File): for clipboard, drop and share-sheet events. */
export interface PageFile {
  name: string;
  type: string;
  bytes: Buffer | Uint8Array | string;
}

interface SerializedFile {
  name: string;
  type: string;
  bytes: number[];
}

function serialize(files: PageFile[]): SerializedFile[] {
  return files.map((file) => ({
    name: file.name,
    type: file.type,
    bytes: Array.from(typeof file.bytes === 'string' ? Buffer.from(file.bytes) : file.bytes),
  }));
}

/** The web app manifest's share_target (what the phone's share sheet posts, and where). */
export interface ShareTarget {
  action: string;
  method?: string;
  enctype?: string;
  params?: {
    title?: string;
    text?: string;
    url?: string;
    files?: { name: string; accept?: string | string[] } | Array<{ name: string; accept?: string | string[] }>;
  };
}

export interface WebAppManifest {
  name?: string;
  short_name?: string;
  lang?: string;
  start_url?: string;
  display?: string;
  theme_color?: string;
  icons?: Array<{ src: string; sizes?: string; type?: string; purpose?: string }>;
  shortcuts?: Array<{ name: string; short_name?: string; url: string; icons?: Array<{ src: string; sizes?: string; type?: string }> }>;
  share_target?: ShareTarget;
}

/**
 * The installed-app side of the host and its remotes: the offline page, the update notice, the
 * drop-anywhere overlay and confirmation, the share-target hand-off notices, the offline copy of a
 * paste; and the browser events a phone or a desktop sends (clipboard paste, file drop, the share
 * sheet's POST), dispatched as the browser would.
 */
export class AppPage extends withTestIds(PageObject, {
  offlinePage: 'offline-page',
  updateNotice: 'app-update-notice',
  fileDropOverlay: 'file-drop-overlay',
  fileDropConfirm: 'file-drop-confirm',
  sharedContentNotice: 'shared-content-notice',
  sharedFilesNotice: 'shared-files-notice',
  offlineCopyNotice: 'offline-copy-notice',
}) {
  /** The localized web app manifest the gateway serves (from the origin of the page that is open). */
  async manifest(lang?: 'en-US' | 'zh-CN'): Promise<WebAppManifest> {
    const address = new URL(`/manifest.webmanifest${lang ? `?lang=${lang}` : ''}`, this.page.url());
    const response = await this.page.request.get(address.href);
    if (!response.ok()) throw new Error(`manifest: ${response.status()}`);
    return (await response.json()) as WebAppManifest;
  }

  /**
   * A paste event carrying files (as Ctrl+V of a screenshot, or a phone's long-press Paste), on the
   * focused element (`focused`: e.g. the editor after a click into it) or on the page's body.
   */
  async pasteFiles(files: PageFile[], target: 'focused' | 'body' = 'body'): Promise<boolean> {
    return this.page.evaluate(
      ({ list, where }) => {
        const transfer = new DataTransfer();
        for (const file of list) transfer.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
        const element = where === 'focused' ? (document.activeElement ?? document.body) : document.body;
        const event = new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true, composed: true });
        element.dispatchEvent(event);
        return event.defaultPrevented;
      },
      { list: serialize(files), where: target },
    );
  }

  /** Drags files over the page (dragenter, then dragover, on the body) and returns the drag's DataTransfer. */
  async dragFilesOver(files: PageFile[]): Promise<JSHandle<DataTransfer>> {
    const transfer = await this.page.evaluateHandle((list) => {
      const data = new DataTransfer();
      for (const file of list) data.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
      return data;
    }, serialize(files));
    await this.page.evaluate((data) => {
      const x = Math.round(window.innerWidth / 2);
      const y = Math.round(window.innerHeight / 2);
      // On the body, not on whatever is under the pointer (the editor takes drops of its own).
      const target = document.body;
      for (const type of ['dragenter', 'dragover']) {
        target.dispatchEvent(
          new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true, composed: true, clientX: x, clientY: y }),
        );
      }
    }, transfer);
    return transfer;
  }

  /** Drops the dragged files where the pointer is: on the overlay when it shows. */
  async drop(transfer: JSHandle<DataTransfer>): Promise<void> {
    await this.page.evaluate((data) => {
      const x = Math.round(window.innerWidth / 2);
      const y = Math.round(window.innerHeight / 2);
      const target = document.querySelector('[data-testid="file-drop-overlay"]') ?? document.body;
      target.dispatchEvent(
        new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true, composed: true, clientX: x, clientY: y }),
      );
      target.dispatchEvent(
        new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true, composed: true, clientX: x, clientY: y }),
      );
    }, transfer);
  }

  /**
   * Posts to the share target as the phone's share sheet does: a multipart form with the field
   * names the manifest's share_target declares, submitted from the current page (a navigation).
   */
  async submitShare(values: { title?: string; text?: string; url?: string }, files: PageFile[] = []): Promise<void> {
    const target = (await this.manifest()).share_target;
    if (!target) throw new Error('the manifest has no share_target');
    const params = target.params ?? {};
    const fileParam = Array.isArray(params.files) ? params.files[0] : params.files;
    const fields: Array<[string, string]> = [];
    for (const key of ['title', 'text', 'url'] as const) {
      const value = values[key];
      if (value !== undefined) fields.push([params[key] ?? key, value]);
    }
    await this.page.evaluate(
      ({ action, fields: entries, fileField, list }) => {
        const form = document.createElement('form');
        form.method = 'post';
        form.action = action;
        form.enctype = 'multipart/form-data';
        form.hidden = true;
        for (const [name, value] of entries) {
          const input = document.createElement('input');
          input.type = 'hidden';
          input.name = name;
          input.value = value;
          form.append(input);
        }
        if (list.length > 0) {
          const input = document.createElement('input');
          input.type = 'file';
          input.name = fileField;
          input.multiple = true;
          const transfer = new DataTransfer();
          for (const file of list) transfer.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
          input.files = transfer.files;
          form.append(input);
        }
        document.body.append(form);
        form.submit();
      },
      { action: target.action, fields, fileField: fileParam?.name ?? 'files', list: serialize(files) },
    );
  }

  /** Makes the page visible again as far as the host can tell (a phone brought the app back). */
  async becomeVisible(): Promise<void> {
    await this.page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      Object.defineProperty(document, 'hidden', { value: false, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
  }

  /** The environment the page booted with (the gateway's inline `#cc-environment` block). */
  async bootedEnvironment(): Promise<{ host?: { package: string; version: string } } | null> {
    return this.page.evaluate(() => {
      const block = document.getElementById('cc-environment');
      return block?.textContent ? (JSON.parse(block.textContent) as { host?: { package: string; version: string } }) : null;
    });
  }

  /** The widest the document gets: more than the viewport means a sideways scroll. */
  async scrollWidth(): Promise<number> {
    return this.page.evaluate(() => document.documentElement.scrollWidth);
  }
}
