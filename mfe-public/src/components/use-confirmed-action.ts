import { useState } from 'react';

/** What ConfirmDialog needs from a confirmed action: open, busy, the error, confirm and cancel. */
export interface ConfirmedActionDialog {
  open: boolean;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * An action that runs only after the visitor confirms it in a ConfirmDialog (a share's delete):
 * `ask()` opens the dialog; confirming runs `action` with the dialog busy, closes it when done and
 * keeps it open with the error (`errorMessage` of what it threw) when it fails; cancelling clears it.
 */
export function useConfirmedAction(
  action: () => Promise<void>,
  errorMessage: (error: unknown) => string = (error) => (error instanceof Error ? error.message : String(error)),
): { ask: () => void; dialog: ConfirmedActionDialog } {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await action();
      setOpen(false);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return {
    ask: () => setOpen(true),
    dialog: {
      open,
      busy,
      error,
      onConfirm: () => void confirm(),
      onCancel: () => {
        setOpen(false);
        setError(null);
      },
    },
  };
}
