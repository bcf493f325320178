import {
  isBurnPendingPasteView,
  isProtectedPasteView,
  type Kernel,
  type PasteBurnPendingView,
  type PasteEncryption,
  type PasteProtectedView,
  type PastePublicMarks,
  type PastePublicView,
  type PasteUnlockedView,
  type PasteUpdateRequest,
  type PasteUpdateResponse,
} from '@cloudclip/shared-kernel';
import type { ManageScope } from '../../../lib/ownership';
import { createEarlyLoad } from '../../../lib/early-load';

/** A paste whose content is readable (public, or unlocked with its password). */
export interface LoadedPaste {
  /** Present on our server (public views carry it); found through the management list otherwise. */
  id?: string;
  slug: string;
  content: string;
  remark: string | null;
  hasPassword: boolean;
  /** The plaintext password the visitor unlocked it with (raw link), when protected. */
  password?: string;
  expiresAt: string | null;
  maxViews: number | null;
  views: number;
  createdAt: string;
  updatedAt?: string;
  createdBy: string | null;
  /** Set when `content` is an encrypted envelope (issue 15): the page decrypts it with the link's key. */
  encryption?: PasteEncryption;
  /** The paste is deleted once its content has been delivered. */
  burnAfterReading?: boolean;
  /** This answer deleted it: the content held here is the only copy left. */
  burned?: boolean;
}

/** The issue 15 marks of a server answer (each absent when not set), as the page keeps them. */
function pasteMarks(
  view: PastePublicMarks & Pick<PastePublicView, 'burned'>,
): Pick<LoadedPaste, 'encryption' | 'burnAfterReading' | 'burned'> {
  return {
    ...(view.encryption ? { encryption: view.encryption } : {}),
    ...(view.burnAfterReading ? { burnAfterReading: true } : {}),
    ...(view.burned ? { burned: true } : {}),
  };
}

export type PasteLoad =
  { kind: 'locked'; meta: PasteProtectedView } | { kind: 'confirm'; meta: PasteBurnPendingView } | { kind: 'open'; paste: LoadedPaste };

/** A readable paste view of the server as the page keeps it (`password`: the one it was unlocked with). */
function loadedPaste(view: PastePublicView | PasteUnlockedView, password?: string): LoadedPaste {
  return {
    ...pasteMarks(view),
    id: view.id,
    slug: view.slug,
    content: view.content,
    remark: view.remark ?? null,
    hasPassword: password !== undefined,
    ...(password !== undefined ? { password } : {}),
    expiresAt: view.expiresAt ?? null,
    maxViews: view.maxViews ?? null,
    views: view.views,
    createdAt: view.createdAt,
    updatedAt: view.updatedAt,
    createdBy: view.created_by ?? null,
  };
}

/**
 * `GET /api/paste/{slug}?burn=ask`: the content (one view counted), the metadata of a protected
 * paste, or the announcement of a burn-after-reading paste (nothing delivered or deleted yet).
 */
export async function loadPaste(kernel: Kernel, slug: string, signal?: AbortSignal): Promise<PasteLoad> {
  const view = await kernel.api.pastes.open(slug, signal);
  if (isBurnPendingPasteView(view)) return { kind: 'confirm', meta: view };
  if (isProtectedPasteView(view)) return { kind: 'locked', meta: view };
  return { kind: 'open', paste: loadedPaste(view) };
}

/** `POST /api/paste/{slug}` `{confirmBurn: true}`: the burn-after-reading paste, which this deletes from the server. */
export async function confirmBurnPaste(kernel: Kernel, slug: string): Promise<LoadedPaste> {
  return loadedPaste(await kernel.api.pastes.confirmBurn(slug));
}

/** `GET /api/paste/{slug}?burn=ask` of the address being opened, started before the page renders (lib/early-load.ts). */
export const earlyPasteLoad = createEarlyLoad((kernel, slug) => loadPaste(kernel, slug));

/** `POST /api/paste/{slug}` with the password (401 = wrong password: the server's message or 'wrong password'). */
export async function unlockPaste(kernel: Kernel, slug: string, password: string): Promise<LoadedPaste> {
  return loadedPaste(await kernel.api.pastes.unlock(slug, password), password);
}

/** `PUT /api/{admin|user}/pastes/{slug}` (by slug, replace semantics). */
export function updatePaste(kernel: Kernel, scope: ManageScope, slug: string, body: PasteUpdateRequest): Promise<PasteUpdateResponse> {
  return scope === 'admin' ? kernel.api.pastes.adminUpdate(slug, body) : kernel.api.pastes.userUpdate(slug, body);
}

/** Pages looked through to find an id by slug (reference backend: the public view has no id). */
const LIST_PAGE_SIZE = 100;
const MAX_PAGES = 50;

/** The id of a paste by slug, through the admin list (`page/limit`) or the key's own list (`limit/offset`). */
export async function findPasteId(kernel: Kernel, scope: ManageScope, slug: string): Promise<string | null> {
  for (let page = 0; page < MAX_PAGES; page += 1) {
    if (scope === 'admin') {
      const body = await kernel.api.pastes.adminList({ page: page + 1, limit: LIST_PAGE_SIZE });
      const hit = body.data.find((row) => row.slug === slug);
      if (hit) return hit.id;
      if (page + 1 >= (body.pagination?.totalPages ?? 0)) return null;
    } else {
      const body = await kernel.api.pastes.userList({ limit: LIST_PAGE_SIZE, offset: page * LIST_PAGE_SIZE });
      const hit = body.data.find((row) => row.slug === slug);
      if (hit) return hit.id;
      if (!body.pagination?.hasMore) return null;
    }
  }
  return null;
}

/** `DELETE /api/{admin|user}/pastes/{id}`; the id comes from the view when the server sent it. */
export async function deletePaste(kernel: Kernel, scope: ManageScope, paste: Pick<LoadedPaste, 'id' | 'slug'>): Promise<void> {
  const id = paste.id ?? (await findPasteId(kernel, scope, paste.slug));
  if (!id) throw new PasteNotFoundForDeleteError();
  if (scope === 'admin') await kernel.api.pastes.adminRemove(id);
  else await kernel.api.pastes.userRemove(id);
}

export class PasteNotFoundForDeleteError extends Error {
  constructor() {
    super('paste id not found');
    this.name = 'PasteNotFoundForDeleteError';
  }
}
