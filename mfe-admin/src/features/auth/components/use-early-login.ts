import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { FormInstance, InputRef } from 'antd';
import { markFirstScreenAdopted, takeEarlyField, takeEarlySubmit, type EarlyField } from '@cloudclip/shared-kernel';
import { EARLY_LOGIN_FORM, EARLY_PASSWORD_FIELD, EARLY_USERNAME_FIELD } from './early-login-form';

type EarlyValues = { username?: string; password?: string };

export interface EarlyLogin {
  /** What the visitor typed into the first screen's form (early-login-form.tsx), for the page's form. */
  initialValues: EarlyValues;
  /** Give these to the page's username and password inputs: the focus and caret go back to them. */
  usernameRef: RefObject<InputRef>;
  passwordRef: RefObject<InputRef>;
}

function readEarlyFields(): { username: EarlyField | null; password: EarlyField | null } {
  return { username: takeEarlyField(EARLY_USERNAME_FIELD), password: takeEarlyField(EARLY_PASSWORD_FIELD) };
}

/** Puts the focus and the caret (or selection) where they were in the first screen's copy of the field. */
function restoreCaret(input: HTMLInputElement | null | undefined, field: EarlyField): void {
  if (!input) return;
  input.focus({ preventScroll: true });
  if (field.selectionStart === null) return;
  try {
    input.setSelectionRange(field.selectionStart, field.selectionEnd ?? field.selectionStart);
  } catch {
    // An input type without a selection: the focus is enough.
  }
}

/**
 * The login page's take-over of `/admin`'s live first screen. What was typed there becomes the
 * form's initial values (read in the first render, while the first screen is still there). When
 * the page is in (a layout effect), the fields are read once more: React may have let the browser
 * handle keystrokes between that render and this commit, and those go into the form too. Then the
 * host is told to remove the first screen (in the same task, so nothing blinks), the focus and caret
 * move to the page's own field, and a form the visitor already sent is sent once with `submit`
 * (which validates like a click on the button). Without a first screen (a later visit to the login
 * page) nothing of this happens.
 */
export function useEarlyLogin(
  form: Pick<FormInstance, 'setFieldValue'>,
  submit: () => void,
  { submitEarly }: { submitEarly: boolean },
): EarlyLogin {
  const [early] = useState(readEarlyFields);
  const usernameRef = useRef<InputRef>(null);
  const passwordRef = useRef<InputRef>(null);
  const submitRef = useRef(submit);
  submitRef.current = submit;
  const submitEarlyRef = useRef(submitEarly);

  useLayoutEffect(() => {
    const latest = readEarlyFields();
    // Read while the first screen is there; true once, so a second run of this effect (React's strict mode) sends nothing.
    const submitted = takeEarlySubmit(EARLY_LOGIN_FORM);
    // The first screen goes (and with it the page's hidden state), so the page's field can take the focus.
    markFirstScreenAdopted();
    const fields = [
      { key: 'username', field: latest.username, input: usernameRef.current?.input },
      { key: 'password', field: latest.password, input: passwordRef.current?.input },
    ] as const;
    for (const { key, field, input } of fields) {
      if (!field || field.value === early[key]?.value) continue;
      form.setFieldValue(key, field.value);
      // The input shows it before React re-renders it, so the caret set below stays where it is.
      if (input) input.value = field.value;
    }
    const focused = fields.find(({ field }) => field?.focused);
    if (focused?.field) restoreCaret(focused.input, focused.field);
    if (submitted && submitEarlyRef.current) submitRef.current();
  }, [early, form]);

  return {
    initialValues: {
      ...(early.username ? { username: early.username.value } : {}),
      ...(early.password ? { password: early.password.value } : {}),
    },
    usernameRef,
    passwordRef,
  };
}
