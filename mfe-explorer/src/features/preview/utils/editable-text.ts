import { isTextKind, viewerKind } from '@cloudclip/file-viewers';

/** Text files that can be edited in place (code, Markdown, SVG, HTML; ≤ 10 MB of content, contract `fs/update`). */
export function isEditableText(name: string): boolean {
  return isTextKind(viewerKind(name));
}
