import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type PasteUpdateRequest, useKernel } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { EditShareFields } from '../../../components/edit-share-fields';
import { EditForm } from '../../../components/edit-form';
import { useShareEdit } from '../../../components/use-share-edit';
import { Loading } from '../../../components/loading';
import { expiresAtFor } from '../../../lib/expiry';
import { messageText, type FieldMessage } from '../../../lib/field-message';
import type { ManageScope } from '../../../lib/ownership';
import { updatePaste, type LoadedPaste } from '../api/paste-api';

/** The editor is only downloaded when an owner actually edits (viewing never loads it). */
const MarkdownEditor = lazy(() => import(/* webpackChunkName: "markdown-editor" */ '../../../components/markdown-editor/markdown-editor'));

interface PasteEditFormProps {
  paste: LoadedPaste;
  scope: ManageScope;
  onSaved: (paste: LoadedPaste) => void;
  onCancel: () => void;
}

/**
 * Owner/admin edit of content, remark, expiry and max views (`PUT …/pastes/{slug}`, replace semantics).
 * An end-to-end encrypted paste's content cannot be changed: its envelope is sent back as stored and
 * only the other fields are offered.
 */
export function PasteEditForm({ paste, scope, onSaved, onCancel }: PasteEditFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const kernel = useKernel();
  const id = useId();
  const [content, setContent] = useState(paste.content);
  const encrypted = paste.encryption !== undefined;
  const edit = useShareEdit({ remark: paste.remark, maxViews: paste.maxViews });
  const { remark, expiry } = edit;
  const [contentError, setContentError] = useState<FieldMessage | undefined>(undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const views = edit.checkMaxViews();
    const contentMissing = !content.trim();
    setContentError(contentMissing ? { key: 'public:share.errors.contentRequired' } : undefined);
    if (!views.valid || contentMissing) return;
    const expiresAt = expiry === 'keep' ? paste.expiresAt : expiresAtFor(expiry);
    const body: PasteUpdateRequest = {
      content,
      remark: remark.trim() || null,
      expiresAt,
      maxViews: views.value > 0 ? views.value : null,
    };
    await edit.save(async () => {
      const result = await updatePaste(kernel, scope, paste.slug, body);
      const limit = body.maxViews ?? null;
      onSaved({
        ...paste,
        id: result.id ?? paste.id,
        slug: result.slug ?? paste.slug,
        content,
        remark: body.remark ?? null,
        expiresAt: expiresAt ?? null,
        maxViews: limit,
        views: limit !== null && limit < paste.views ? 0 : paste.views,
        updatedAt: new Date().toISOString(),
      });
    });
  };

  return (
    <EditForm
      id={id}
      className="cp-paste-edit"
      title={t('paste.editTitle')}
      testIdPrefix="paste-edit"
      {...edit.formProps}
      onSubmit={(event) => void submit(event)}
      onCancel={onCancel}
    >
      {encrypted ? (
        <p className="cc-hint" data-testid="paste-edit-encrypted">
          {t('paste.editEncrypted')}
        </p>
      ) : (
        <div className="cp-paste-edit__editor">
          <Suspense fallback={<Loading label={t('editor.loadingEditor')} />}>
            <MarkdownEditor value={content} onChange={setContent} label={t('editor.label')} testId="paste-edit-editor" />
          </Suspense>
        </div>
      )}
      {contentError && (
        <p className="cc-alert cc-alert--error" role="alert">
          {messageText(t, contentError)}
        </p>
      )}
      <div className="cp-form-grid cp-paste-edit__fields">
        <EditShareFields id={id} testIdPrefix="edit" {...edit.fieldProps} maxViewsHint={t('share.maxViewsHint')} />
      </div>
    </EditForm>
  );
}
