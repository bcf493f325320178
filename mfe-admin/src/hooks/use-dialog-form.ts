import { useFormSubmit } from './use-form-submit';

/**
 * What the create and edit dialogs (pro-components ModalForm / DrawerForm) have in common; `onSaved`
 * is what the dialog's owner does after a save (close it, reload its table).
 */
export function useDialogForm(onClose: () => void, onSaved?: () => void) {
  const { t, message, submit } = useFormSubmit();

  /** A ModalForm's shared props: open, closed by Cancel but not by the mask, and its two buttons (`submitKey`, then Cancel). */
  const modalFormProps = (submitKey = 'common:actions.save') => ({
    open: true,
    modalProps: { onCancel: onClose, destroyOnHidden: true, maskClosable: false },
    submitter: { searchConfig: { submitText: t(submitKey), resetText: t('common:actions.cancel') } },
  });

  /**
   * For onFinish: runs the save (`request`), shows `doneText` of its answer as a success message and
   * calls `onSaved`; true closes the dialog, a failure is shown and keeps it open.
   */
  const save = <T>(request: () => Promise<T>, doneText: (result: T) => string): Promise<boolean> =>
    submit(async () => {
      const result = await request();
      void message.success(doneText(result));
      onSaved?.();
    });

  return { t, message, modalFormProps, submit, save };
}
