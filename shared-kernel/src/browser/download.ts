/**
 * Starts a browser download of `url` under `fileName` (a presigned or proxy link with an attachment
 * disposition, or an object URL), through a hidden link that is clicked and removed.
 */
export function startDownload(url: string, fileName: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}

/** Offers `text` to the browser as a file download (Markdown unless `type` says otherwise). */
export function downloadText(fileName: string, text: string, type = 'text/markdown;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  startDownload(url, fileName);
  // The download has started from the object URL; it is released once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
