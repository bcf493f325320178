import type { Kernel } from '@cloudclip/shared-kernel';
import { LOGIN_PATH } from '../config/paths';

/** Login lives in the admin remote: the host performs the navigation (bus `navigate`). */
export function navigateToLogin(kernel: Kernel): void {
  kernel.bus.emit('navigate', { to: LOGIN_PATH });
}
