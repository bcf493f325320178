/** Links of the web client (not of the API): what a visitor opens. */
function origin(): string {
  return typeof window !== 'undefined' ? window.location.origin : '';
}

export function pasteLink(slug: string): string {
  return `${origin()}/paste/${encodeURIComponent(slug)}`;
}

export function fileLink(slug: string): string {
  return `${origin()}/file/${encodeURIComponent(slug)}`;
}
