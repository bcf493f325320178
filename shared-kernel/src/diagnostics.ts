/**
 * A small registry each app writes to when it starts, so one can check in a running page that
 * host and remotes share one React, one kernel module and one bus (`window.__CLOUDCLIP_APPS__`).
 */
export const KERNEL_MODULE_ID = `kernel-${Math.random().toString(36).slice(2, 10)}`;

export interface AppDiagnostics {
  app: string;
  version: string;
  react: unknown;
  kernelModuleId: string;
  bus: unknown;
}

type DiagnosticsWindow = { __CLOUDCLIP_APPS__?: AppDiagnostics[] };

export function registerAppDiagnostics(entry: Omit<AppDiagnostics, 'kernelModuleId'>): void {
  if (typeof window === 'undefined') return;
  const target = window as unknown as DiagnosticsWindow;
  const list = (target.__CLOUDCLIP_APPS__ ??= []);
  if (!list.some((item) => item.app === entry.app)) list.push({ ...entry, kernelModuleId: KERNEL_MODULE_ID });
}
