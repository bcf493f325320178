import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { InputRef } from 'antd';
import { markFirstScreenAdopted, takeEarlyField, takeEarlySubmit, type EarlyField } from '@cloudclip/shared-kernel';
import { EARLY_LOGIN_FORM, EARLY_PASSWORD_FIELD, EARLY_USERNAME_FIELD } from './early-login-form';

export interface EarlyLogin {
  /** What the visitor typed into the first screen's form (early-login-form.tsx), for the page's form. */
  initialValues: { username?: string; password?: string };
  /** Give these to the page's username and password inputs: the focus and caret go back to them. */
  usernameRef: RefObject<InputRef>;
  passwordRef: RefObject<InputRef>;
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
 * The login page's take-over of `/admin`'s live first screen: the values typed there become the
 * form's initial values (read once, in the first render, while the first screen is still there);
 * when the page is in, the host is told to remove the first screen (in the same task, so nothing
 * blinks), the focus and caret move to the page's own field, and a form the visitor already sent is
 * sent once with `submit` (which validates like a click on the button). Without a first screen
 * (a later visit to the login page) nothing of this happens.
 */
export function useEarlyLogin(submit: () => void, { submitEarly }: { submitEarly: boolean }): EarlyLogin {
  const [early] = useState(() => ({
    username: takeEarlyField(EARLY_USERNAME_FIELD),
    password: takeEarlyField(EARLY_PASSWORD_FIELD),
  }));
  const usernameRef = useRef<InputRef>(null);
  const passwordRef = useRef<InputRef>(null);
  const submitRef = useRef(submit);
  submitRef.current = submit;
  const submitEarlyRef = useRef(submitEarly);

  useLayoutEffect(() => {
    // Read while the first screen is there; true once, so a second run of this effect (React's strict mode) sends nothing.
    const submitted = takeEarlySubmit(EARLY_LOGIN_FORM);
    // The first screen goes (and with it the page's hidden state), so the page's field can take the focus.
    markFirstScreenAdopted();
    if (early.password?.focused) restoreCaret(passwordRef.current?.input, early.password);
    else if (early.username?.focused) restoreCaret(usernameRef.current?.input, early.username);
    if (submitted && submitEarlyRef.current) submitRef.current();
  }, [early]);

  return {
    initialValues: {
      ...(early.username ? { username: early.username.value } : {}),
      ...(early.password ? { password: early.password.value } : {}),
    },
    usernameRef,
    passwordRef,
  };
}
