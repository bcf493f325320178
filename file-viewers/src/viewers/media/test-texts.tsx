/** jsdom has no object URLs: hands out blob:test/N and keeps the blobs to read back. */
export function fakeObjectUrls() {
  const blobs = new Map<string, Blob>();
  let next = 0;
  const created = jest.fn((blob: Blob) => {
    const url = `blob:test/${(next += 1)}`;
    blobs.set(url, blob);
    return url;
  });
  const revoked = jest.fn((url: string) => void blobs.delete(url));
  Object.assign(URL, { createObjectURL: created, revokeObjectURL: revoked });
  return { blobs, created, revoked };
}

export { renderWithTexts, testI18n } from '../../testing/render-with-texts';
