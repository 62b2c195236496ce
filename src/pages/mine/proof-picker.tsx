// One image (docs/contract.md §5): a local preview at once, then the private URL the server gives back.
import { useEffect, useId, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { uploadImage } from '../../api/images.ts';
import { Icon } from '../../components/icons/icons.tsx';
import { PrivateImage } from '../../components/text/private-image.tsx';
import { ICON_PLUS } from '../../components/icons/screen-icons.ts';

export interface ProofPickerProps {
  labelKey: string;
  value: string | null; // the uploaded image's private URL
  onChange: (url: string | null) => void;
  testId: string;
}

export function ProofPicker({ labelKey, value, onChange, testId }: ProofPickerProps): ReactElement {
  const { t } = useTranslation();
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);

  // A replaced preview frees its object URL; leaving the screen also stops an upload in flight.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  useEffect(() => () => abort.current?.abort(), []);

  const choose = (file: File | undefined): void => {
    if (!file) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    onChange(null);
    uploadImage(file, { onProgress: setProgress, signal: controller.signal }).then(
      (url) => {
        if (controller.signal.aborted) return; // replaced by a newer choice meanwhile
        setProgress(null);
        onChange(url);
      },
      () => {
        if (controller.signal.aborted) return; // the newer choice keeps its preview and progress
        setProgress(null);
        setPreview(null); // the client toasted why (not an image, too large, quota)
      },
    );
  };

  // A form emptied after a submit takes the preview too, or the trader would see a proof the next charge lacks.
  const uploading = progress !== null;
  useEffect(() => {
    if (value === null && !uploading) setPreview(null);
  }, [value, uploading]);

  return (
    <div className="mw-proof" data-testid={testId} data-state={uploading ? 'uploading' : value ? 'done' : 'empty'}>
      <label htmlFor={id} className="mw-proof__box">
        {preview ? (
          <img className="mw-proof__img" src={preview} alt={t(labelKey)} />
        ) : value ? (
          <PrivateImage className="mw-proof__img" url={value} alt={t(labelKey)} />
        ) : (
          <span className="mw-proof__empty">
            <Icon icon={ICON_PLUS} size={28} />
            <span>{t(labelKey)}</span>
          </span>
        )}
        {uploading ? (
          <span
            className="mw-proof__bar"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
          >
            <span style={{ width: `${Math.round(progress * 100)}%` }} />
          </span>
        ) : null}
      </label>
      <input
        id={id}
        className="visually-hidden"
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        onChange={(e) => choose(e.currentTarget.files?.[0])}
      />
    </div>
  );
}
