import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  PASTE_TAG_MAX_LENGTH,
  PASTE_TAGS_MAX,
  SERVER_FEATURE_BURN_AFTER_READING,
  SERVER_FEATURE_GUEST_PASTES,
  SERVER_FEATURE_PASTE_ENCRYPTION,
  SERVER_FEATURE_PASTE_TAGS,
  addPasteTags,
  useKernel,
  useServerFeature,
} from '@cloudclip/shared-kernel';
import type { PasteCreateRequest, PasteCreateResponse } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { Field, describedBy } from '../../../components/field';
import { ExpirySelect } from '../../../components/expiry-select';
import { RemarkField } from '../../../components/remark-field';
import { fromValidation, messageText, type FieldMessage } from '../../../lib/field-message';
import { pastePath } from '../../../config/paths';
import { classifyShareError, encryptShareRequest, sharePaste, type ShareFailure } from '../api/share-paste';
import { useShareAccess } from '../hooks/use-share-access';
import {
  DEFAULT_SHARE_VALUES,
  shareTags,
  validateShareField,
  validateShareForm,
  type ShareFormErrors,
  type ShareFormValues,
} from '../utils/share-form';
import { AccessNotice, type AccessNoticeReason } from './access-notice';
import { TagInput } from './tag-input';

/** WebCrypto's `subtle` exists only on secure pages (HTTPS, or localhost). */
function encryptionAvailable(): boolean {
  return Boolean((globalThis.crypto as Partial<Crypto> | undefined)?.subtle);
}

/**
 * Why an addition of ours cannot be chosen (`useServerFeature`'s answer): the answer is not in yet,
 * or the backend does not list it; null when it is offered. `feature` is its name in this form.
 */
function withheldHint(t: TFunction, offered: boolean | undefined, feature: string): string | null {
  if (offered === undefined) return t('common:serverFeatures.checking');
  return offered ? null : t('common:serverFeatures.unsupported', { feature: t(`share.features.${feature}`) });
}

/** A created paste as the result shows it. */
export interface SharedPaste {
  response: PasteCreateResponse;
  /** What was sent: for an encrypted paste `content` is the envelope. */
  request: PasteCreateRequest;
  /** The key of an encrypted paste, for the link's fragment (never sent to the server). */
  key?: string;
}

interface ShareFormProps {
  content: string;
  onShared: (shared: SharedPaste) => void;
}

/**
 * Share options (remark, password, expiry, max views, custom suffix, tags where the backend offers
 * `"paste-tags"`, end-to-end encryption, burn after reading), validated inline before sending. With
 * encryption the Markdown is encrypted here and only the envelope is sent (tags stay readable to the
 * server, which the field says); a failure at any step keeps the draft and everything typed.
 *
 * Each addition to the legacy contract (tags, encryption, burn after reading, sharing as a guest) is
 * offered only where `GET /version` lists it (issue 41): another backend would store an envelope as
 * plain text or keep a "burnt" paste. Where it is missing, a hint says this server does not support
 * it; until the answer is in, encryption and burn after reading are shown but cannot be chosen, so
 * the form paints at once and nobody picks what may turn out to be unsupported.
 */
export function ShareForm({ content, onShared }: ShareFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const kernel = useKernel();
  const access = useShareAccess();
  const id = useId();
  const [values, setValues] = useState<ShareFormValues>(DEFAULT_SHARE_VALUES);
  const [errors, setErrors] = useState<ShareFormErrors>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ShareFailure | null>(null);
  const slugRef = useRef<HTMLInputElement>(null);
  const maxViewsRef = useRef<HTMLInputElement>(null);
  const tagsRef = useRef<HTMLInputElement>(null);
  const browserCanEncrypt = encryptionAvailable();
  const tagsFeature = useServerFeature(SERVER_FEATURE_PASTE_TAGS);
  const tagsOffered = tagsFeature === true;
  const encryptionFeature = useServerFeature(SERVER_FEATURE_PASTE_ENCRYPTION);
  const canEncrypt = browserCanEncrypt && encryptionFeature === true;
  const burnFeature = useServerFeature(SERVER_FEATURE_BURN_AFTER_READING);
  const burnOffered = burnFeature === true;
  const guestsFeature = useServerFeature(SERVER_FEATURE_GUEST_PASTES);

  /** Shows (or clears) why the tags as they would be sent are refused. */
  const setTagsError = (result: ReturnType<typeof shareTags>) =>
    setErrors((current) => {
      const { tags: _previous, ...rest } = current;
      return result.valid ? rest : { ...rest, tags: fromValidation(result.error) };
    });
  const typeTag = (tagDraft: string) => {
    setValues((current) => ({ ...current, tagDraft }));
    setTagsError(shareTags({ tags: values.tags, tagDraft }));
  };
  const commitTag = (typed: string) => {
    const result = addPasteTags(values.tags, typed);
    setValues((current) => (result.valid ? { ...current, tags: result.value, tagDraft: '' } : { ...current, tagDraft: typed }));
    setTagsError(result);
  };
  const removeTag = (tag: string) => {
    const tags = values.tags.filter((item) => item !== tag);
    setValues((current) => ({ ...current, tags }));
    setTagsError(shareTags({ tags, tagDraft: values.tagDraft }));
  };

  const update = <K extends keyof ShareFormValues>(field: K, value: ShareFormValues[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (field === 'slug' || field === 'maxViews') {
      const checked = field as 'slug' | 'maxViews';
      const message = validateShareField(checked, next);
      setErrors((current) => {
        const copy = { ...current };
        if (message) copy[checked] = message;
        else delete copy[checked];
        return copy;
      });
      if (field === 'slug' && failure?.kind === 'slug') setFailure(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const validation = validateShareForm(content, values, Date.now(), { tags: tagsOffered, burnAfterReading: burnOffered });
    setErrors(validation.errors);
    if (!validation.valid) {
      if (validation.errors.slug) slugRef.current?.focus();
      else if (validation.errors.maxViews) maxViewsRef.current?.focus();
      else if (validation.errors.tags) tagsRef.current?.focus();
      return;
    }
    // The tag still typed is sent: show it as a chip, so a failed share keeps exactly what was sent.
    if (tagsOffered) setValues((current) => ({ ...current, tags: validation.request.tags ?? [], tagDraft: '' }));
    setBusy(true);
    try {
      const { request, key } =
        values.encrypt && canEncrypt ? await encryptShareRequest(validation.request) : { request: validation.request, key: undefined };
      const response = await sharePaste(kernel, request);
      onShared({ response, request, ...(key ? { key } : {}) });
    } catch (error) {
      const classified = classifyShareError(error, t('share.errors.failed'));
      setFailure(classified);
      if (classified.kind === 'slug') {
        setErrors((current) => ({ ...current, slug: { text: classified.message } }));
        slugRef.current?.focus();
      }
    } finally {
      setBusy(false);
    }
  };

  const errorText = (message: FieldMessage | undefined) => messageText(t, message);
  const slugError = errorText(errors.slug);
  const maxViewsError = errorText(errors.maxViews);
  const tagsError = errorText(errors.tags);
  const encrypting = values.encrypt && canEncrypt;
  const slugPrefix = pastePath('');
  // A visitor on a backend without guest pastes can only get a 401: ask for a login up front instead.
  const guestsRefused = access === 'anonymous' && guestsFeature === false;
  const blocked = access === 'missing-text-permission' || guestsRefused;
  const notice: AccessNoticeReason | null =
    failure?.kind === 'login'
      ? 'login'
      : failure?.kind === 'permission' || access === 'missing-text-permission'
        ? 'permission'
        : guestsRefused
          ? 'guests'
          : null;
  const encryptWithheld = withheldHint(t, encryptionFeature, 'encryption');
  const burnWithheld = withheldHint(t, burnFeature, 'burnAfterReading');

  return (
    <form
      className="cc-card cp-share-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={`${id}-title`}
      data-testid="share-form"
    >
      <h2 id={`${id}-title`} className="cc-card__title">
        {t('share.title')}
      </h2>
      <div className="cp-form-grid">
        <RemarkField
          id={`${id}-remark`}
          value={values.remark}
          placeholder={t('share.remarkPlaceholder')}
          onChange={(value) => update('remark', value)}
          testId="share-remark"
        />
        <Field id={`${id}-password`} label={t('share.password')} hint={t('share.passwordHint')}>
          <input
            id={`${id}-password`}
            className="cc-input"
            type="password"
            autoComplete="new-password"
            value={values.password}
            aria-describedby={describedBy(`${id}-password`, true)}
            onChange={(event) => update('password', event.target.value)}
            data-testid="share-password-input"
          />
        </Field>
        <Field id={`${id}-expiry`} label={t('share.expiry')}>
          <ExpirySelect
            id={`${id}-expiry`}
            value={values.expiry}
            onChange={(value) => value !== 'keep' && update('expiry', value)}
            testId="share-expiry"
          />
        </Field>
        <Field id={`${id}-max-views`} label={t('share.maxViews')} hint={t('share.maxViewsHint')} error={maxViewsError}>
          <input
            ref={maxViewsRef}
            id={`${id}-max-views`}
            className="cc-input"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={values.maxViews}
            placeholder="0"
            aria-invalid={maxViewsError ? true : undefined}
            aria-describedby={describedBy(`${id}-max-views`, true, maxViewsError)}
            onChange={(event) => update('maxViews', event.target.value)}
            data-testid="share-max-views"
          />
        </Field>
        <Field id={`${id}-slug`} label={t('share.slug')} hint={t('share.slugHint')} error={slugError} className="cp-share-form__slug">
          <div className="cp-prefixed">
            <span className="cp-prefixed__prefix" aria-hidden="true">
              {slugPrefix}
            </span>
            <input
              ref={slugRef}
              id={`${id}-slug`}
              className="cc-input"
              value={values.slug}
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
              placeholder={t('share.slugPlaceholder')}
              aria-invalid={slugError ? true : undefined}
              aria-describedby={describedBy(`${id}-slug`, true, slugError)}
              onChange={(event) => update('slug', event.target.value)}
              data-testid="share-slug"
            />
          </div>
        </Field>
        {tagsOffered && (
          <TagInput
            id={`${id}-tags`}
            inputRef={tagsRef}
            label={t('share.tags')}
            tags={values.tags}
            draft={values.tagDraft}
            onDraftChange={typeTag}
            onCommit={commitTag}
            onRemove={removeTag}
            hint={
              <>
                {t('share.tagsHint', { max: PASTE_TAGS_MAX, length: PASTE_TAG_MAX_LENGTH })}
                {encrypting && (
                  <>
                    {' '}
                    <strong data-testid="share-tags-not-encrypted">{t('share.tagsNotEncrypted')}</strong>
                  </>
                )}
              </>
            }
            error={tagsError}
            testId="share-tags"
          />
        )}
        {tagsFeature === false && (
          <p className="cc-hint cp-share-form__unsupported" data-testid="share-tags-unsupported">
            {withheldHint(t, tagsFeature, 'tags')}
          </p>
        )}
      </div>

      <div className="cp-share-form__options" role="group" aria-label={t('share.options')}>
        <ShareOption
          id={`${id}-encrypt`}
          label={t('share.encrypt')}
          hint={encryptWithheld ?? (browserCanEncrypt ? t('share.encryptHint') : t('share.encryptUnavailable'))}
          checked={values.encrypt && canEncrypt}
          disabled={!canEncrypt}
          onChange={(checked) => update('encrypt', checked)}
          testId="share-encrypt"
        />
        <ShareOption
          id={`${id}-burn`}
          label={t('share.burn')}
          hint={burnWithheld ?? t('share.burnHint')}
          checked={values.burnAfterReading && burnOffered}
          disabled={!burnOffered}
          onChange={(checked) => update('burnAfterReading', checked)}
          testId="share-burn"
        />
      </div>

      {errors.content && (
        <p className="cc-alert cc-alert--error cp-share-form__alert" role="alert" data-testid="share-content-error">
          {errorText(errors.content)}
        </p>
      )}
      {failure && failure.kind === 'other' && (
        <p className="cc-alert cc-alert--error cp-share-form__alert" role="alert" data-testid="share-error">
          {failure.message}
        </p>
      )}
      {notice && <AccessNotice reason={notice} />}

      <div className="cc-toolbar cp-form-actions">
        <button type="submit" className="cc-button cc-button--primary" disabled={busy || blocked} data-testid="share-submit">
          {busy ? (encrypting ? t('share.encrypting') : t('share.sharing')) : t('share.submit')}
        </button>
        {access === 'anonymous' && !guestsRefused && !failure && <span className="cc-hint">{t('share.anonymousHint')}</span>}
      </div>
    </form>
  );
}

interface ShareOptionProps {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
}

/** One of the share's options: a checkbox with its one-line explanation below it. */
function ShareOption({ id, label, hint, checked, disabled, onChange, testId }: ShareOptionProps) {
  return (
    <div className="cc-field">
      <label className="cp-checkbox">
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChange(event.target.checked)}
          data-testid={testId}
        />
        {label}
      </label>
      <p id={`${id}-hint`} className="cc-hint" data-testid={`${testId}-hint`}>
        {hint}
      </p>
    </div>
  );
}
