import type { FormInstance, FormRule } from 'antd';

/** A rule object (not a rule factory): what a rule factory returns. */
type RuleObject = Exclude<FormRule, (...args: never[]) => unknown>;
import type { FieldErrors, ValidationError } from '@cloudclip/shared-kernel';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The text of a kernel validation error (namespace `validation`) in the current language. */
export function validationMessage(t: Translate, error: ValidationError): string {
  return t(error.key, { ns: error.ns, ...error.params });
}

/**
 * An antd form rule that runs a kernel form validator over the whole form and reports the error
 * of one field. The kernel validator stays the single source of the rules and their messages.
 */
export function kernelRule<V, F extends string>(
  t: Translate,
  field: F,
  validate: (values: V) => { errors: FieldErrors<F> },
): (form: Pick<FormInstance, 'getFieldsValue'>) => RuleObject {
  return (form) => ({
    validator: async () => {
      const error = validate(form.getFieldsValue(true) as V).errors[field];
      if (error) throw new Error(validationMessage(t, error));
    },
  });
}

/** The same for a single-value validator (`FieldResult`). */
export function fieldRule<T>(t: Translate, validate: (value: T) => { error: ValidationError | null }): FormRule {
  return {
    validator: async (_rule, value: T) => {
      const { error } = validate(value);
      if (error) throw new Error(validationMessage(t, error));
    },
  };
}

/** Plain message-returning rule for this remote's own checks (i18n keys of the `admin` namespace). */
export function checkRule<T>(check: (value: T) => string | null): FormRule {
  return {
    validator: async (_rule, value: T) => {
      const message = check(value);
      if (message) throw new Error(message);
    },
  };
}

/** A whole-form check of this remote's own (returns the message to show, or null). */
export function formCheckRule<V>(check: (values: V) => string | null): (form: Pick<FormInstance, 'getFieldsValue'>) => RuleObject {
  return (form) => ({
    validator: async () => {
      const message = check(form.getFieldsValue(true) as V);
      if (message) throw new Error(message);
    },
  });
}
