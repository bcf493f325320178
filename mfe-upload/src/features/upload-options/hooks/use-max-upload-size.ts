import { useEffect, useState } from 'react';
import { DEFAULT_MAX_UPLOAD_SIZE_MB, useKernel } from '@cloudclip/shared-kernel';

/** `GET /system/max-upload-size` in MB; the kernel falls back to 100 MB on any error. */
export function useMaxUploadSize(): number {
  const kernel = useKernel();
  const [mb, setMb] = useState<number>(DEFAULT_MAX_UPLOAD_SIZE_MB);
  useEffect(() => {
    const controller = new AbortController();
    void kernel.api.system.maxUploadSize(controller.signal).then((value) => {
      if (!controller.signal.aborted) setMb(value);
    });
    return () => controller.abort();
  }, [kernel]);
  return mb;
}
