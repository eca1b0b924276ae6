import {
  type AdminPhoto,
  PHOTO_ACCEPT,
  PHOTO_ALT_MAX,
  PHOTO_CAPTION_MAX,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_COUNT,
  type PhotoList,
  PhotoMsg,
  type PhotoTextRequest,
} from '@tabi/contract/admin-media';
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { IMAGE_TEXT_FIELDS, type ImageTextField, TRANSLATED_LANGS, type TranslatedLang } from '@tabi/contract/content';
import { SMALL_IMAGE_MIN_WIDTH } from '@tabi/contract/picture-sizes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { type ControlProps, Field } from '../../components/form/field.tsx';
import { sourceAtLeast } from '../../features/catalog/components/option-picture.tsx';
import { adminCall, errorText } from '../lib/admin-api.ts';
import { byLang, LANG_LABEL, shownInstead } from '../lib/langs.ts';
import { ActionDialog } from './action-dialog.tsx';
import styles from './option-photos.module.css';
import { FormAlert, Loading, QueryError } from './query-state.tsx';
import { Tabs } from './tabs.tsx';

const photosKey = (opcd: string) => ['admin', 'catalog', opcd, 'photos'] as const;
const MAX_MB = PHOTO_MAX_BYTES / 1024 / 1024;

type Move = 'up' | 'down';

/** A photo's texts as the form holds them: caption and alt text, in Japanese and in every other language. */
type PhotoTexts = PhotoTextRequest;
const noTexts = (): PhotoTexts => ({ caption: '', alt: '', translations: byLang(() => ({ caption: '', alt: '' })) });
const trimmed = (t: PhotoTexts): PhotoTexts => ({
  caption: t.caption.trim(),
  alt: t.alt.trim(),
  translations: byLang((lang) => ({
    caption: t.translations[lang].caption.trim(),
    alt: t.translations[lang].alt.trim(),
  })),
});

/**
 * 商品の写真 (ADR 0151): upload a JPEG, PNG or WebP with its caption and alt text, edit both, move a photo up or
 * down (the first is the card image in search results), delete. Every change is saved at once and is a catalog
 * event; the list shown is the server's answer, so it is what visitors will see.
 */
export function OptionPhotos({ opcd }: { opcd: string }) {
  const client = useQueryClient();
  const photos = useQuery({
    queryKey: photosKey(opcd),
    queryFn: () => adminCall(CONSOLE['GET /options/{opcd}/photos'], { params: { opcd } }),
  });
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<AdminPhoto | null>(null);
  /** After a move, focus stays on the moved photo's button so the keyboard can keep moving it. */
  const [focusAfter, setFocusAfter] = useState<{ id: number; move: Move } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const headingId = useId();

  useEffect(() => {
    if (!focusAfter || !listRef.current) return;
    const item = listRef.current.querySelector(`[data-photo-id="${focusAfter.id}"]`);
    const same = item?.querySelector<HTMLButtonElement>(`button[data-move="${focusAfter.move}"]`);
    const other = item?.querySelector<HTMLButtonElement>(
      `button[data-move="${focusAfter.move === 'up' ? 'down' : 'up'}"]`,
    );
    (same && !same.disabled ? same : other)?.focus();
    setFocusAfter(null);
  });

  /** Sends one change; the answer is the new list (and the option's history and the list page refresh). */
  async function change(send: () => Promise<PhotoList>, done: string): Promise<boolean> {
    setBusy(true);
    setError('');
    setMessage('');
    try {
      const next = await send();
      client.setQueryData(photosKey(opcd), next);
      await client.invalidateQueries({
        queryKey: ['admin', 'catalog'],
        predicate: (q) => q.queryKey[3] !== 'photos',
      });
      setMessage(done);
      return true;
    } catch (e) {
      setError(errorText(e));
      return false;
    } finally {
      setBusy(false);
    }
  }

  const list = photos.data?.photos ?? [];

  async function move(photo: AdminPhoto, direction: Move, position: number) {
    const to = direction === 'up' ? position - 1 : position + 1;
    const ok = await change(
      () =>
        adminCall(CONSOLE['POST /options/{opcd}/photos/{id}/move'], {
          params: { opcd, id: photo.id },
          body: { direction },
        }),
      `${position}枚目の写真を${to}枚目に移動しました。`,
    );
    if (ok) setFocusAfter({ id: photo.id, move: direction });
  }

  return (
    <section className={`adm-card ${styles.photos}`} aria-labelledby={headingId}>
      <h2 id={headingId}>写真</h2>
      <p className="hint">
        JPEG・PNG・WebP、{MAX_MB}MBまで、1商品{PHOTO_MAX_COUNT}枚まで。1枚目が検索結果の一覧に表示されます。
        アップロード時に表示用の大きさ（WebP）に変換され、撮影情報（位置情報など）は削除されます。
      </p>
      <QueryError error={photos.error} />
      {photos.isPending && <Loading />}
      {message && <output className="adm-success">{message}</output>}
      <FormAlert>{error}</FormAlert>
      {photos.data && list.length === 0 && <p className="adm-empty">写真はまだありません。</p>}
      {list.length > 0 && (
        <ol className={styles.list} ref={listRef} aria-label="写真の一覧（上から表示順）">
          {list.map((photo, i) => (
            <PhotoItem
              key={photo.id}
              photo={photo}
              position={i + 1}
              count={list.length}
              busy={busy}
              onMove={(direction) => void move(photo, direction, i + 1)}
              onSave={(text) =>
                change(
                  () =>
                    adminCall(CONSOLE['POST /options/{opcd}/photos/{id}'], {
                      params: { opcd, id: photo.id },
                      body: text,
                    }),
                  `${i + 1}枚目の写真の説明を保存しました。`,
                )
              }
              onDelete={() => setDeleting(photo)}
            />
          ))}
        </ol>
      )}
      {photos.data && (
        <UploadForm
          full={list.length >= PHOTO_MAX_COUNT}
          busy={busy}
          onUpload={(form) =>
            change(
              () => adminCall(CONSOLE['POST /options/{opcd}/photos'], { params: { opcd }, body: form }),
              '写真を追加しました。',
            )
          }
        />
      )}
      <ActionDialog
        open={deleting !== null}
        title="写真の削除"
        onClose={() => setDeleting(null)}
        onSubmit={() => {
          const photo = deleting;
          if (!photo) return;
          void change(
            () => adminCall(CONSOLE['POST /options/{opcd}/photos/{id}/delete'], { params: { opcd, id: photo.id } }),
            '写真を削除しました。',
          ).then(() => setDeleting(null));
        }}
        submitLabel="削除する"
        busy={busy}
        danger
      >
        <p>
          この写真を削除します。お客様の画面からもすぐに消え、元に戻すことはできません。
          {deleting?.caption ? `（${deleting.caption}）` : ''}
        </p>
      </ActionDialog>
    </section>
  );
}

function PhotoItem({
  photo,
  position,
  count,
  busy,
  onMove,
  onSave,
  onDelete,
}: {
  photo: AdminPhoto;
  position: number;
  count: number;
  busy: boolean;
  onMove(direction: Move): void;
  onSave(text: PhotoTexts): Promise<boolean>;
  onDelete(): void;
}) {
  const stored = trimmed({ caption: photo.caption, alt: photo.altText, translations: photo.translations });
  const [texts, setTexts] = useState(stored);
  const changed = JSON.stringify(trimmed(texts)) !== JSON.stringify(stored);
  const label = `${position}枚目の写真`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void onSave(trimmed(texts));
  }

  return (
    <li className={styles.item} data-photo-id={photo.id}>
      <img
        src={sourceAtLeast(photo, SMALL_IMAGE_MIN_WIDTH)}
        alt={photo.alt || `${label}（説明なし）`}
        width={photo.width}
        height={photo.height}
        className={styles.thumb}
      />
      <form className={styles.fields} onSubmit={submit} aria-label={`${label}の説明`}>
        <p className={styles.position}>
          <strong>{position}枚目</strong>
          {position === 1 && <span className={styles.badge}>一覧の画像</span>}
          <span className="adm-muted">
            {photo.uploaded ? `アップロード写真 ${photo.width}×${photo.height}` : 'デモ用のイラスト'}
          </span>
        </p>
        <PhotoTextFields texts={texts} onChange={setTexts} />
        <div className={styles.actions}>
          <button type="submit" className="adm-primary" disabled={busy || !changed}>
            説明を保存
          </button>
          <button
            type="button"
            data-move="up"
            disabled={busy || position === 1}
            onClick={() => onMove('up')}
            aria-label={`${label}を上へ移動`}
          >
            ↑ 上へ
          </button>
          <button
            type="button"
            data-move="down"
            disabled={busy || position === count}
            onClick={() => onMove('down')}
            aria-label={`${label}を下へ移動`}
          >
            ↓ 下へ
          </button>
          <button type="button" disabled={busy} onClick={onDelete} aria-label={`${label}を削除`}>
            削除
          </button>
        </div>
      </form>
    </li>
  );
}

function UploadForm({
  full,
  busy,
  onUpload,
}: {
  full: boolean;
  busy: boolean;
  onUpload(form: FormData): Promise<boolean>;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [texts, setTexts] = useState(noTexts);
  const [problem, setProblem] = useState('');
  const fileRef = useRef<HTMLInputElement>(null);
  const fileId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The server checks the content; these only save a pointless upload.
    const found = !file ? PhotoMsg.photoMissing : file.size > PHOTO_MAX_BYTES ? PhotoMsg.photoTooLarge : '';
    setProblem(found);
    if (found || !file) {
      fileRef.current?.focus();
      return;
    }
    const form = new FormData();
    const sent = trimmed(texts);
    form.append('caption', sent.caption);
    form.append('alt', sent.alt);
    // Named by their paths in the request's schema, as its messages name them.
    for (const lang of TRANSLATED_LANGS) {
      for (const field of IMAGE_TEXT_FIELDS)
        form.append(`translations.${lang}.${field}`, sent.translations[lang][field]);
    }
    form.append('file', file);
    if (await onUpload(form)) {
      setFile(null);
      setTexts(noTexts());
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  if (full) return <p className="hint">{PhotoMsg.photoTooMany}</p>;
  return (
    <form className={styles.upload} onSubmit={(e) => void submit(e)} noValidate aria-label="写真の追加">
      <h3>写真を追加</h3>
      <Field label={`写真のファイル（JPEG・PNG・WebP、${MAX_MB}MBまで）`} id={fileId} error={problem || undefined}>
        {(c) => (
          <input
            {...c}
            ref={fileRef}
            type="file"
            accept={PHOTO_ACCEPT}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setProblem('');
            }}
          />
        )}
      </Field>
      <PhotoTextFields texts={texts} onChange={setTexts} />
      <button type="submit" className="adm-primary" disabled={busy}>
        {busy ? '処理しています…' : '写真を追加'}
      </button>
    </form>
  );
}

/**
 * A photo's caption and alt text, and theirs in each other language under a tab per language: the same fields when
 * adding a photo and when editing one. A translation left empty is shown in English, else in Japanese.
 */
function PhotoTextFields({ texts, onChange }: { texts: PhotoTexts; onChange(texts: PhotoTexts): void }) {
  const [selected, setSelected] = useState<TranslatedLang>(TRANSLATED_LANGS[0]);
  const input = (value: string, set: (value: string) => void, max: number, lang?: string) => (c: ControlProps) => (
    <input {...c} lang={lang} value={value} maxLength={max} onChange={(e) => set(e.target.value)} />
  );
  const setIn = (lang: TranslatedLang, field: ImageTextField) => (value: string) =>
    onChange({
      ...texts,
      translations: { ...texts.translations, [lang]: { ...texts.translations[lang], [field]: value } },
    });
  const filled = (lang: TranslatedLang) =>
    IMAGE_TEXT_FIELDS.filter((f) => texts.translations[lang][f].trim() !== '').length;
  return (
    <>
      <Field label="キャプション" hint={`写真の下に表示されます（${PHOTO_CAPTION_MAX}文字まで）。`}>
        {input(texts.caption, (caption) => onChange({ ...texts, caption }), PHOTO_CAPTION_MAX)}
      </Field>
      <Field
        label="代替テキスト"
        hint="写っているものを具体的に（例：夕暮れの隅田川を進む屋形船）。空欄ならキャプションを使います。"
      >
        {input(texts.alt, (alt) => onChange({ ...texts, alt }), PHOTO_ALT_MAX)}
      </Field>
      <Tabs
        label="他の言語の説明"
        selected={selected}
        onSelect={setSelected}
        tabs={TRANSLATED_LANGS.map((lang) => {
          const name = LANG_LABEL[lang];
          const text = texts.translations[lang];
          return {
            key: lang,
            label: (
              <>
                {name}
                <span className="adm-tab-count">
                  {filled(lang)}/{IMAGE_TEXT_FIELDS.length}項目
                </span>
              </>
            ),
            panel: (
              <>
                <Field
                  label={`キャプション（${name}）`}
                  hint={`${name}のページで写真の下に表示されます（${PHOTO_CAPTION_MAX}文字まで）。空欄なら${shownInstead(lang)}で表示されます。`}
                >
                  {input(text.caption, setIn(lang, 'caption'), PHOTO_CAPTION_MAX, lang)}
                </Field>
                <Field
                  label={`代替テキスト（${name}）`}
                  hint={`${name}のページの代替テキストです。空欄なら${shownInstead(lang)}で表示されます。`}
                >
                  {input(text.alt, setIn(lang, 'alt'), PHOTO_ALT_MAX, lang)}
                </Field>
              </>
            ),
          };
        })}
      />
    </>
  );
}
