/**
 * Cloudclip addition (issue 41): how long a file share's remark may be. The legacy contract sets no
 * limit, and one request stored a 512 KB remark — shown with the share, indexed for search and
 * counted in no quota. A remark is a short note: `POST /api/s3/commit`, `/api/url/commit`,
 * `/api/url/presign`, `/api/url/multipart/init`, upload-direct, the form upload and
 * `PUT /api/{admin,user}/files/{id}` refuse a longer one with 400. (A paste's remark is counted,
 * with its content, in the paste storage limits of rules/settings.ts.)
 *
 * Counted in UTF-16 code units, as a text input's `maxLength` counts them.
 */
export const SHARE_REMARK_MAX_LENGTH = 1000;

/** Whether a file share's remark is longer than SHARE_REMARK_MAX_LENGTH (absent and null are not). */
export function isShareRemarkTooLong(remark: string | null | undefined): boolean {
  return typeof remark === 'string' && remark.length > SHARE_REMARK_MAX_LENGTH;
}

/**
 * A remark the server writes itself (URL import's "Uploaded from URL: <url>") cut to
 * SHARE_REMARK_MAX_LENGTH, never between the two halves of a character outside the BMP.
 */
export function fitShareRemark(remark: string): string {
  if (remark.length <= SHARE_REMARK_MAX_LENGTH) return remark;
  // Room for the ellipsis; one unit less when the cut would keep a high surrogate without its pair.
  let end = SHARE_REMARK_MAX_LENGTH - 1;
  const last = remark.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${remark.slice(0, end)}…`;
}
