import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../i18n/resources';

/**
 * The save step every admin form (dialogs and settings cards) ends with: `submit` runs the save for
 * pro-components' onFinish and answers true; a failure is shown as an error message and answers false.
 * Also the props the settings cards' forms share.
 */
export function useFormSubmit() {
  const { t } = useTranslation(NAMESPACE);
  const { message } = App.useApp();

  const submit = async (save: () => Promise<void>): Promise<boolean> => {
    try {
      await save();
      return true;
    } catch (error) {
      void message.error(errorText(error, t('common:errors.requestFailed')));
      return false;
    }
  };

  /** A settings card's ProForm props: fields stacked, nothing focused at first, its two buttons (`submitKey`, then Reset). */
  const cardFormProps = (submitKey: string) => ({
    layout: 'vertical' as const,
    autoFocusFirstInput: false,
    submitter: { searchConfig: { submitText: t(submitKey), resetText: t('actions.reset') } },
  });

  return { t, message, submit, cardFormProps };
}
