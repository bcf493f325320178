import { ViewerError } from '../../errors';
import type { ViewerProps } from '../../types';

/** Placeholder until this viewer is built: every file of its kind falls back to the download. */
export default function Viewer(_props: ViewerProps): never {
  throw new ViewerError('unsupported');
}
