import type { FsListItem } from '@cloudclip/shared-kernel';

/** Which dialog of the explorer is open, and what it acts on. */
export type DialogTarget =
  | { type: 'mkdir' }
  | { type: 'actions'; item: FsListItem }
  | { type: 'rename'; item: FsListItem }
  | { type: 'delete'; items: FsListItem[] }
  | { type: 'link'; path: string; name: string }
  | { type: 'edit'; path: string; name: string }
  | { type: 'copy'; items: FsListItem[] };

export interface DialogState {
  /** The open dialog (at most one), or null. */
  open: DialogTarget | null;
  /** A removal is running (the delete dialog's buttons wait for it). */
  busy: boolean;
  /** Why the last removal failed (shown in the delete dialog). */
  error: string | null;
}

export type DialogEvent =
  { type: 'open'; dialog: DialogTarget } | { type: 'close' } | { type: 'start' } | { type: 'fail'; error: string } | { type: 'done' };

export const NO_DIALOG: DialogState = { open: null, busy: false, error: null };

/** One reducer for the explorer's dialogs: opening one replaces any other and forgets an old error. */
export function dialogReducer(state: DialogState, event: DialogEvent): DialogState {
  switch (event.type) {
    case 'open':
      return { open: event.dialog, busy: false, error: null };
    case 'start':
      return { ...state, busy: true, error: null };
    case 'fail':
      return { ...state, busy: false, error: event.error };
    case 'close':
    case 'done':
      return NO_DIALOG;
  }
}
