// The picture captcha (verify_reg_type 2): GET /api/captcha → {id, b64s}; a tap loads a new one.
import type { ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { Captcha } from '../../api/account.ts';
import './captcha-image.css';

export function CaptchaImage({ captcha, onRefresh }: { captcha: Captcha | null; onRefresh: () => void }): ReactElement {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="captcha"
      onClick={onRefresh}
      aria-label={t('auth.captcha_refresh')}
      data-testid="captcha"
    >
      {captcha ? <img src={captcha.b64s} alt={t('auth.captcha_alt')} /> : <span className="captcha__wait" />}
    </button>
  );
}
