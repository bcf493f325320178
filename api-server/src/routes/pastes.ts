import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { keyOwnerOf, keyOwnerOrNotFound, requireAdmin, requirePermission } from '../auth/guards';
import { apiKeyCreator, userKeyInfo } from '../auth/ownership';
import { envelope, envelopeWithoutSuccess, flat } from '../http/envelope';
import { HttpError } from '../http/http-error';
import { jsonStream } from '../http/json-stream';
import { parseInput } from '../http/validation';
import { BoundedQueue } from '../lib/bounded-queue';
import {
  isShareSlug,
  PASTE_BURN_ASK_QUERY,
  PASTE_ENCRYPTION_HEADER,
  type OffsetPagination,
  type UserPasteListItem,
} from '@cloudclip/contract';
import type { CredentialGuard } from '../auth/credential-guard';
import type { PasteService } from '../services/paste-service';
import { searchTermsOrRefuse } from '../services/search-terms';

export interface PasteRoutesOptions {
  pastes: PasteService;
  /** Wrong share passwords count against the client's and the paste's failed-credential budget. */
  credentialGuard: CredentialGuard;
  /** Default PASTE_WRITE_LIMITS. */
  writeLimits?: PasteWriteLimits;
}

/**
 * Largest JSON body of the paste create/update routes. Fastify's default (1 MiB) is too small
 * for the 10 MB Markdown files the editor imports (JSON escaping adds a little). These routes
 * check their guard in `onRequest`, so refused callers are answered before the body is read.
 */
export const PASTE_BODY_LIMIT = 16 * 1024 * 1024;
/**
 * Paste writes (create, update) read and stored at the same time. Each holds its body twice while
 * it is parsed (up to 2 × 16 MB), so `concurrency` bounds the api-server's memory under a flood of
 * large pastes. Further writes wait before their body is read (their socket is not read meanwhile);
 * beyond `queue` waiting ones the answer is 503 with Retry-After. An admitted write whose body has
 * not fully arrived `bodyDeadlineMs` later loses its connection, so slow senders cannot hold the
 * slots (120 s: the editor's largest import, 10 MB, needs about 85 KB/s).
 */
export interface PasteWriteLimits {
  concurrency: number;
  queue: number;
  bodyDeadlineMs: number;
}
export const PASTE_WRITE_LIMITS: Readonly<PasteWriteLimits> = Object.freeze({ concurrency: 4, queue: 64, bodyDeadlineMs: 120_000 });
export const ADMIN_PAGE_DEFAULT_LIMIT = 10;
export const USER_LIST_DEFAULT_LIMIT = 30;
export const LIST_MAX_LIMIT = 100;
/** Largest `maxViews`: the `max_views` column is a 32-bit integer on PostgreSQL (larger values failed with 500). */
export const MAX_VIEWS_LIMIT = 2_147_483_647;

const slugParams = z.object({ slug: z.string().min(1) });
const idParams = z.object({ id: z.string().min(1) });

/** The share settings both create and update take (PasteSettingsInput, services/paste-inputs.ts). */
const pasteSettingsFields = {
  remark: z.string().nullish(),
  password: z.string().nullish(),
  expiresAt: z.string().nullish(),
  maxViews: z.number().int().min(0).max(MAX_VIEWS_LIMIT).nullish(),
};

const createBody = z.object({
  content: z.string().min(1),
  slug: z.string().nullish(),
  ...pasteSettingsFields,
  // Checked by the service (400 paste.unsupportedEncryption / paste.badEnvelope), not here.
  encryption: z.string().nullish(),
  burnAfterReading: z.boolean().nullish(),
  // Checked by the service with the contract's rule (400 naming the problem), not here.
  tags: z.unknown().optional(),
});

const updateBody = z.object({
  content: z.string().min(1),
  ...pasteSettingsFields,
  clearPassword: z.unknown().optional(),
  newSlug: z.string().nullish(),
  // Omitted: keep; a list replaces them ([] = none). Checked by the service (rules/paste-tags.ts).
  tags: z.unknown().optional(),
});

const unlockBody = z.object({ password: z.string().min(1).optional(), confirmBurn: z.literal(true).optional() });
const openQuery = z.object({ burn: z.string().optional() });

/**
 * Whether `GET /api/paste/{slug}` asks before a burn (contract PASTE_BURN_ASK_QUERY, `?burn=ask`).
 * The value is compared without case and surrounding spaces; any other value is refused (400), so a
 * misspelt or upper-case ask can never fall through to the read that delivers — and burns — the paste.
 */
function asksBeforeBurn(burn: string | undefined): boolean {
  if (burn === undefined) return false;
  if (burn.trim().toLowerCase() === PASTE_BURN_ASK_QUERY.burn) return true;
  throw new HttpError(400, 'validation.invalidField', { params: { field: 'burn' } });
}
const rawQuery = z.object({ password: z.string().optional() });
const idsBody = z.object({ ids: z.array(z.string()).min(1) });

/** A query number: the value when it is an integer ≥ `min` (capped at `max`), else `fallback`. */
function queryInt(fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) {
  return z
    .unknown()
    .optional()
    .transform((value) => {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
      return Number.isInteger(number) && number >= min ? Math.min(number, max) : fallback;
    });
}

const adminListQuery = z.object({
  page: queryInt(1, 1),
  limit: queryInt(ADMIN_PAGE_DEFAULT_LIMIT, 1, LIST_MAX_LIMIT),
  created_by: z.string().optional(),
  // Search (contract api/search.ts); a refused query is 400.
  q: z.string().optional(),
  // Only pastes with this tag, compared case-insensitively (rules/paste-tags.ts); blank = all.
  tag: z.string().optional(),
});

const userListQuery = z.object({
  limit: queryInt(USER_LIST_DEFAULT_LIMIT, 1, LIST_MAX_LIMIT),
  offset: queryInt(0, 0),
  q: z.string().optional(),
  tag: z.string().optional(),
});

/**
 * `filename` of the raw view: the slug when it is a plain token, otherwise a safe stand-in plus RFC 5987 form.
 * `.txt` for the Markdown, `.json` for an encrypted paste's envelope.
 */
function rawContentDisposition(slug: string, extension: 'txt' | 'json'): string {
  if (isShareSlug(slug)) return `inline; filename="${slug}.${extension}"`;
  const fallback = slug.replace(/[^A-Za-z0-9_.-]/g, '_');
  const encoded = encodeURIComponent(`${slug}.${extension}`).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${fallback}.${extension}"; filename*=UTF-8''${encoded}`;
}

function sendText(reply: FastifyReply, status: number, body: string, headers: Record<string, string> = {}): FastifyReply {
  return reply.code(status).headers(headers).type('text/plain; charset=utf-8').header('x-content-type-options', 'nosniff').send(body);
}

/** Contract §5.3: public paste routes, the admin management routes (E−) and the API-key user routes (E). */
export async function pasteRoutes(
  app: FastifyInstance,
  { pastes, credentialGuard, writeLimits = PASTE_WRITE_LIMITS }: PasteRoutesOptions,
): Promise<void> {
  const textPermission = requirePermission('text');

  // Guard `text`, opened to callers without any credentials when `allow_guest_pastes` is on.
  // Credentials that do not authenticate (bad or expired token or key) still get 401, so a
  // client learns its session is gone instead of creating ownerless pastes.
  async function textOrGuest(request: FastifyRequest): Promise<void> {
    if (request.auth.kind === 'anonymous' && !request.headers.authorization && (await pastes.guestPastesAllowed())) return;
    await textPermission(request);
  }

  // One write slot per paste write, from the end of its guards (refused callers take none) until
  // its answer is sent or its connection closes.
  const writeSlots = new BoundedQueue(writeLimits.concurrency, writeLimits.queue);
  function admitWrite(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    return new Promise<void>((admitted, refused) => {
      writeSlots
        .run(
          () =>
            new Promise<void>((released) => {
              admitted();
              // The client gave up while it waited: the slot goes to the next one at once.
              if (reply.raw.writableFinished || reply.raw.destroyed) {
                released();
                return;
              }
              const deadline = setTimeout(() => {
                if (!request.raw.complete) request.raw.destroy();
              }, writeLimits.bodyDeadlineMs);
              reply.raw.once('close', () => {
                clearTimeout(deadline);
                released();
              });
            }),
        )
        .catch(refused);
    });
  }

  /** Route options of PUT …/pastes/:slug: `guard`, then a write slot; the body up to PASTE_BODY_LIMIT. */
  const updateRouteOptions = (guard: (request: FastifyRequest) => Promise<void>) => ({
    onRequest: [guard, (request: FastifyRequest, reply: FastifyReply) => admitWrite(request, reply)],
    bodyLimit: PASTE_BODY_LIMIT,
  });

  /** The slug and the changes of PUT …/pastes/:slug (admin and key routes alike). */
  function updateOf(request: FastifyRequest) {
    const { slug } = parseInput(slugParams, request.params);
    const body = parseInput(updateBody, request.body);
    return { slug, changes: { ...body, clearPassword: body.clearPassword === true } };
  }

  // ------------------------------------------------------------ public (§5.3.1)

  // A caller whose paste storage is used up is answered before the body is read (up to 16 MB).
  async function createGuard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await textOrGuest(request);
    await pastes.refuseWhenUsedUp(request.auth);
    await admitWrite(request, reply);
  }

  app.post('/api/paste', { onRequest: createGuard, bodyLimit: PASTE_BODY_LIMIT }, async (request) => {
    const body = parseInput(createBody, request.body);
    return flat(await pastes.create(body, request.auth));
  });

  // Reads that count a view answer GET only: an automatic HEAD route would run the handler and
  // silently use up views (link checkers, previews).
  app.get('/api/paste/:slug', { exposeHeadRoute: false }, async (request) => {
    const { slug } = parseInput(slugParams, request.params);
    const { burn } = parseInput(openQuery, request.query);
    return flat(await pastes.open(slug, asksBeforeBurn(burn)));
  });

  app.post('/api/paste/:slug', async (request) => {
    const { slug } = parseInput(slugParams, request.params);
    const { password, confirmBurn } = parseInput(unlockBody, request.body);
    if (password !== undefined) return flat(await credentialGuard.attempt(request, `paste:${slug}`, () => pastes.unlock(slug, password)));
    if (confirmBurn) return flat(await pastes.confirmBurn(slug));
    throw new HttpError(400, 'validation.missingFields', { params: { fields: 'password' } });
  });

  // Errors of the raw view are text/plain bodies, not envelopes (§1.2).
  app.get('/api/raw/:slug', { exposeHeadRoute: false }, async (request, reply) => {
    try {
      const { slug } = parseInput(slugParams, request.params);
      const { password } = parseInput(rawQuery, request.query);
      const paste = await credentialGuard.attempt(request, password ? `paste:${slug}` : undefined, () => pastes.raw(slug, password));
      if (paste.encryption !== null) {
        // The envelope as stored, marked as ciphertext: a plain HTTP client cannot mistake it for the text.
        return reply
          .code(200)
          .type('application/json; charset=utf-8')
          .header('content-disposition', rawContentDisposition(paste.slug, 'json'))
          .header(PASTE_ENCRYPTION_HEADER, paste.encryption)
          .header('x-content-type-options', 'nosniff')
          .send(paste.content);
      }
      reply.header('content-disposition', rawContentDisposition(paste.slug, 'txt'));
      return sendText(reply, 200, paste.content);
    } catch (error) {
      if (error instanceof HttpError) return sendText(reply, error.statusCode, request.t(error.messageKey, error.params), error.headers);
      request.log.error({ err: error }, 'raw paste failed');
      return sendText(reply, 500, request.t('error.internal'));
    }
  });

  // ------------------------------------------------------------ admin (§5.3.2, shape E−)

  app.get('/api/admin/pastes', { preHandler: requireAdmin }, async (request, reply) => {
    const query = parseInput(adminListQuery, request.query);
    const { items, pagination } = await pastes.listForAdmin({
      page: query.page,
      limit: query.limit,
      createdBy: query.created_by === '' ? undefined : query.created_by,
      terms: searchTermsOrRefuse(query.q),
      tag: query.tag,
    });
    // Streamed: a long remark is read for its row only (the rows are otherwise small).
    const body = { ...envelopeWithoutSuccess(request.t('paste.listed'), items), pagination };
    return reply.type('application/json; charset=utf-8').send(jsonStream(body));
  });

  // Every tag in use with its number of pastes (rules/paste-tags.ts), shape E.
  app.get('/api/admin/paste-tags', { preHandler: requireAdmin }, async (request) => {
    return envelope(request.t('paste.tagsListed'), await pastes.tagCounts());
  });

  app.get('/api/admin/pastes/:id', { preHandler: requireAdmin }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    return envelopeWithoutSuccess(request.t('paste.fetched'), await pastes.adminDetail(id));
  });

  app.put('/api/admin/pastes/:slug', updateRouteOptions(requireAdmin), async (request) => {
    const { slug, changes } = updateOf(request);
    return envelopeWithoutSuccess(request.t('paste.updated'), await pastes.update(slug, changes));
  });

  app.delete('/api/admin/pastes/:id', { preHandler: requireAdmin }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    await pastes.delete(id);
    return envelopeWithoutSuccess(request.t('paste.deleted'));
  });

  app.post('/api/admin/pastes/batch-delete', { preHandler: requireAdmin }, async (request) => {
    const { ids } = parseInput(idsBody, request.body);
    const count = await pastes.deleteMany(ids);
    return envelopeWithoutSuccess(request.t('paste.batchDeleted', { count }));
  });

  app.post('/api/admin/pastes/clear-expired', { preHandler: requireAdmin }, async (request) => {
    const count = await pastes.clearExpired();
    return envelopeWithoutSuccess(request.t('paste.expiredCleared', { count }));
  });

  // ------------------------------------------------------------ API-key user (§5.3.3, shape E)

  app.get('/api/user/pastes', { preHandler: textPermission }, async (request, reply) => {
    const { limit, offset, q, tag } = parseInput(userListQuery, request.query);
    const terms = searchTermsOrRefuse(q);
    const { auth } = request;
    if (auth.kind !== 'apiKey') {
      // Admins own no key rows: always an empty list, `key_info` null.
      const pagination: OffsetPagination = { total: 0, limit, offset, hasMore: false };
      return { ...envelope<UserPasteListItem[]>(request.t('paste.listed'), []), pagination, key_info: null };
    }
    const { key } = auth;
    const { items, pagination } = await pastes.listOwned(apiKeyCreator(key.id), { limit, offset, terms, tag });
    // Rows carry their full content (§5.3.3): the body is streamed, one paste's text at a time.
    const body = { ...envelope(request.t('paste.listed'), items), pagination, key_info: userKeyInfo(key) };
    return reply.type('application/json; charset=utf-8').send(jsonStream(body));
  });

  // The tags on the key's own pastes with their counts; an admin owns no key rows: [] (as the user list).
  app.get('/api/user/paste-tags', { preHandler: textPermission }, async (request) => {
    const owner = keyOwnerOf(request);
    return envelope(request.t('paste.tagsListed'), owner === null ? [] : await pastes.tagCounts(owner));
  });

  app.get('/api/user/pastes/:id', { preHandler: textPermission }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const owner = keyOwnerOrNotFound(request, 'paste.notFound');
    return envelope(request.t('paste.fetched'), await pastes.userDetail(id, owner));
  });

  app.put('/api/user/pastes/:slug', updateRouteOptions(textPermission), async (request) => {
    const { slug, changes } = updateOf(request);
    const owner = keyOwnerOrNotFound(request, 'paste.notFound');
    return envelope(request.t('paste.updated'), await pastes.update(slug, changes, owner));
  });

  app.delete('/api/user/pastes/:id', { preHandler: textPermission }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const owner = keyOwnerOrNotFound(request, 'paste.notFound');
    await pastes.delete(id, owner);
    return envelope(request.t('paste.deleted'));
  });

  app.post('/api/user/pastes/batch-delete', { preHandler: textPermission }, async (request) => {
    const { ids } = parseInput(idsBody, request.body);
    const owner = keyOwnerOf(request);
    const count = owner === null ? 0 : await pastes.deleteMany(ids, owner);
    return envelope(request.t('paste.batchDeleted', { count }));
  });
}
