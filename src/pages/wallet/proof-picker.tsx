// The one proof-of-payment image of a charge (SPEC §5: one image only): pick → local preview at once → upload with
// a progress bar → the private URL goes to the form. Picking again replaces it; the cross removes it.
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadImage } from '../../api/images.ts';
import { Icon } from '../../components/icons.tsx';

export interface ProofPickerProps {
  /** The uploaded image's URL, or '' while none (or while uploading). */
  onChange: (url: string) => void;
  /** Changes when the form is reset after a submit: the picker empties. */
  resetKey: number;
}

export function ProofPicker({ onChange, resetKey }: ProofPickerProps): ReactElement {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  const latest = useRef(onChange);
  latest.current = onChange;

  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const clear = (): void => {
    abort.current?.abort();
    setPreview(null);
    setProgress(null);
    if (input.current) input.current.value = '';
    latest.current('');
  };
  useEffect(() => clear(), [resetKey]);
  useEffect(() => () => abort.current?.abort(), []);

  const pick = (file: File | undefined): void => {
    if (!file) return;
    abort.current?.abort();
    const ctl = new AbortController();
    abort.current = ctl;
    latest.current('');
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    uploadImage(file, { signal: ctl.signal, onProgress: setProgress }).then(
      (url) => {
        if (ctl.signal.aborted) return;
        setProgress(null);
        latest.current(url);
      },
      () => {
        if (ctl.signal.aborted) return;
        clear(); // the client toasted why (not an image, too large)
      },
    );
  };

  return (
    <div className="wl-proof">
      <span className="field__label">{t('wallet.proof')}</span>
      <div className="wl-proof__box">
        {preview ? (
          <div className="wl-proof__preview" data-state={progress === null ? 'done' : 'uploading'} data-testid="proof-preview">
            <img src={preview} alt={t('wallet.proof')} />
            {progress !== null ? (
              <div className="wl-proof__bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress * 100)}>
                <span style={{ width: `${Math.round(progress * 100)}%` }} />
              </div>
            ) : null}
            <button type="button" className="wl-proof__remove" onClick={clear} aria-label={t('wallet.remove_proof')}>
              <Icon name="close" size={16} />
            </button>
          </div>
        ) : (
          <label className="wl-proof__add">
            <Icon name="deposit" size={24} />
            <span>{t('wallet.upload_proof')}</span>
            <input
              ref={input}
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              className="visually-hidden"
              data-testid="proof-input"
              onChange={(e) => pick(e.currentTarget.files?.[0])}
            />
          </label>
        )}
      </div>
    </div>
  );
}
