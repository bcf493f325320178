/**
 * The plaintext password of a file share verified in this tab (contract §8: sessionStorage
 * `file_password_<slug>`), appended as `?password=` to the proxy links. Never throws.
 */
export function filePasswordKey(slug: string): string {
  return `file_password_${slug}`;
}

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export const filePasswordStore = {
  get(slug: string): string | null {
    try {
      return session()?.getItem(filePasswordKey(slug)) ?? null;
    } catch {
      return null;
    }
  },
  set(slug: string, password: string): void {
    try {
      session()?.setItem(filePasswordKey(slug), password);
    } catch {
      /* storage disabled: the password lives in the page only */
    }
  },
  remove(slug: string): void {
    try {
      session()?.removeItem(filePasswordKey(slug));
    } catch {
      /* nothing stored */
    }
  },
};
