import { useCallback, useEffect, useState } from 'react';
import { useKernel, type PasteTagCount } from '@cloudclip/shared-kernel';

/**
 * The tags in use with their counts: every paste's for the admin (`GET /admin/paste-tags`), the key's
 * own for a key holder (`GET /user/paste-tags`). Asked only when `offered` (the backend lists
 * `"paste-tags"`) and again on `refresh` (the filter opening), so new tags appear without a reload.
 * A failed answer leaves the last list (the table itself reports request failures).
 */
export function usePasteTagCounts(access: 'full' | 'user', offered: boolean) {
  const kernel = useKernel();
  const [counts, setCounts] = useState<PasteTagCount[]>([]);
  const refresh = useCallback(() => {
    if (!offered) return;
    const api = kernel.api.pastes;
    (access === 'full' ? api.adminTags() : api.userTags()).then(setCounts, () => undefined);
  }, [kernel, access, offered]);
  useEffect(refresh, [refresh]);
  return { counts, refresh };
}
