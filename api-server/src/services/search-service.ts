import { SEARCH_KINDS, SEARCH_SNIPPET_LENGTH, type AdminSearchData, type AdminSearchHit, type SearchKind } from '@cloudclip/contract';
import { HttpError } from '../http/http-error';
import type { SearchHitDetail, SearchRepository, SnippetSource } from '../repositories/search-repository';
import { searchTermsOrRefuse } from './search-terms';
import { SearchTotals } from './search-totals';

const ELLIPSIS = '…';

/**
 * The snippet of a hit: plain text (whitespace runs as one space) around the match, at most
 * SEARCH_SNIPPET_LENGTH characters, with `…` where the field was cut. '' without a source.
 */
export function snippetOf(source: SnippetSource | null): string {
  if (source === null) return '';
  const cutBefore = source.start > 1;
  const restAfter = source.start - 1 + Array.from(source.window).length < source.fieldLength;
  const characters = Array.from(source.window.replace(/\s+/gu, ' ').trim());
  const prefix = cutBefore ? ELLIPSIS : '';
  const room = SEARCH_SNIPPET_LENGTH - prefix.length;
  if (!restAfter && characters.length <= room) return prefix + characters.join('');
  return `${prefix}${characters.slice(0, room - ELLIPSIS.length).join('')}${ELLIPSIS}`;
}

/** `type` of the query: absent or `all` = both kinds; anything else is refused (400). */
export function searchKindsOf(type: string | undefined): readonly SearchKind[] {
  if (type === undefined || type === '' || type === 'all') return SEARCH_KINDS;
  const kind = SEARCH_KINDS.find((candidate) => candidate === type);
  if (kind === undefined) throw new HttpError(400, 'search.badType');
  return [kind];
}

export interface AdminSearchInput {
  q?: string | undefined;
  type?: string | undefined;
  page: number;
  limit: number;
}

function hitOf(kind: SearchKind, detail: SearchHitDetail): AdminSearchHit {
  const hit: AdminSearchHit = {
    kind,
    id: detail.id,
    slug: detail.slug,
    title: detail.title,
    snippet: snippetOf(detail.snippet),
    has_password: detail.has_password ? 1 : 0,
    created_by: detail.created_by,
    created_at: detail.created_at,
  };
  if (kind === 'paste') hit.encrypted = detail.encrypted;
  return hit;
}

/** `GET /api/admin/search`: pastes and file shares matching a query, newest first, one page at a time. */
export class SearchService {
  constructor(
    private readonly search: SearchRepository,
    /** The counts reused while nothing was written (search-totals.ts). */
    readonly totals: SearchTotals = new SearchTotals(),
  ) {}

  async adminSearch(input: AdminSearchInput): Promise<AdminSearchData> {
    const terms = searchTermsOrRefuse(input.q);
    if (terms.length === 0) throw new HttpError(400, 'search.queryRequired');
    const kinds = searchKindsOf(input.type);
    const { page, limit } = input;
    // Counted first, per kind: the counts pick each kind's plan for the page (db/search-sql.ts),
    // and are reused while the database's write mark stays the same (search-totals.ts).
    const mark = await this.search.writeMark();
    const counts = await Promise.all(
      kinds.map(async (kind) => [kind, await this.totals.countOf(kind, terms, mark, () => this.search.countOf(terms, kind))] as const),
    );
    const total = counts.reduce((sum, [, count]) => sum + count, 0);
    const keys = await this.search.page(terms, kinds, { limit, offset: (page - 1) * limit, matches: Object.fromEntries(counts) });
    const firstTerm = terms[0] ?? '';
    const idsOf = (kind: SearchKind) => keys.filter((key) => key.kind === kind).map((key) => key.id);
    const [pastes, files] = await Promise.all([
      this.search.pasteDetails(idsOf('paste'), firstTerm),
      this.search.fileDetails(idsOf('file'), firstTerm),
    ]);
    const details = new Map<string, AdminSearchHit>();
    for (const detail of pastes) details.set(`paste:${detail.id}`, hitOf('paste', detail));
    for (const detail of files) details.set(`file:${detail.id}`, hitOf('file', detail));
    // A row deleted between the page and its details is left out.
    const items = keys.flatMap((key) => details.get(`${key.kind}:${key.id}`) ?? []);
    return { items, pagination: { total, page, limit, totalPages: Math.ceil(total / limit) } };
  }
}
