/**
 * What the kernel remembers of the backend's optional capabilities (`GET /version` → `features`).
 * They do not change while a page is open and every remote asks the same question, so the version
 * endpoint is asked once per page load and everyone shares that answer. `load` never rejects
 * (`system.features` turns a failure into `[]`); an answer without features is remembered as none.
 */
export function memoizeServerFeatures(load: () => Promise<readonly string[]>): () => Promise<ReadonlySet<string>> {
  let answer: Promise<ReadonlySet<string>> | null = null;
  return () => {
    answer ??= load().then(
      (features) => new Set(features),
      () => new Set<string>(),
    );
    return answer;
  };
}
