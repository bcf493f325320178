/** GitHub-style heading anchors: lower case, punctuation dropped, spaces to '-', duplicates numbered. */
export function githubSlug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

export class Slugger {
  private readonly seen = new Map<string, number>();

  slug(text: string): string {
    const base = githubSlug(text) || 'section';
    const count = this.seen.get(base) ?? 0;
    this.seen.set(base, count + 1);
    return count === 0 ? base : `${base}-${count}`;
  }
}

/** The prefix the sanitizer puts in front of ids from the document (clobbering protection). */
export const USER_CONTENT_PREFIX = 'user-content-';
