import { z } from 'zod';
import { flag, optionalNumber, optionalString, queryInt } from './input-numbers';

/**
 * The request schemas of the file share routes (routes/files.ts; url-import.ts extends the commit
 * body): params, bodies and queries as zod schemas, with the list paging limits.
 */

export const FILE_LIST_DEFAULT_LIMIT = 30;
export const FILE_LIST_MAX_LIMIT = 100;
export const idParams = z.object({ id: z.string().min(1) });
export const slugParams = z.object({ slug: z.string().min(1) });
export const filenameParams = z.object({ filename: z.string().min(1) });

export const presignBody = z.object({
  s3_config_id: z.string().min(1),
  filename: z.string().min(1),
  size: optionalNumber({ integer: true, min: 0 }),
  slug: optionalString,
  path: optionalString,
  override: flag,
});

/** Body of s3/commit (url/commit adds `slug`). */
export const commitBody = z.object({
  file_id: z.string().min(1),
  etag: z.string().nullish(),
  size: optionalNumber({ integer: true, min: 0 }),
  remark: z.string().nullish(),
  password: z.string().nullish(),
  expires_in: optionalNumber({ min: 0 }),
  max_views: optionalNumber({ integer: true, min: 0 }),
});

/** Query of upload-direct and fields of the form upload (all strings on the wire). */
export const uploadOptions = z.object({
  s3_config_id: optionalString,
  slug: optionalString,
  path: optionalString,
  remark: optionalString,
  password: optionalString,
  expires_in: optionalNumber({ min: 0 }),
  max_views: optionalNumber({ integer: true, min: 0 }),
  override: flag,
  original_filename: flag,
  use_proxy: z
    .unknown()
    .optional()
    .transform((value) => value !== '0' && value !== 0 && value !== false && value !== 'false'),
});

export const adminListQuery = z.object({
  limit: queryInt(FILE_LIST_DEFAULT_LIMIT, 1, FILE_LIST_MAX_LIMIT),
  offset: queryInt(0, 0),
  created_by: optionalString,
  s3_config_id: optionalString,
  // Search (contract api/search.ts); a refused query is 400.
  q: z.string().optional(),
});

export const userListQuery = z.object({
  limit: queryInt(FILE_LIST_DEFAULT_LIMIT, 1, FILE_LIST_MAX_LIMIT),
  offset: queryInt(0, 0),
  q: z.string().optional(),
});

export const updateBody = z.object({
  remark: z.string().nullable().optional(),
  slug: z.string().min(1).optional(),
  expires_at: z.string().nullable().optional(),
  use_proxy: z
    .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '0', '1'])])
    .transform((value) => value === true || value === 1 || value === 'true' || value === '1')
    .optional(),
  max_views: z.number().int().min(0).nullable().optional(),
  password: z.string().nullable().optional(),
});

export const verifyBody = z.object({ password: z.string().min(1) });
export const passwordQuery = z.object({ password: z.string().optional() });
