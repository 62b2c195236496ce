// Signed-in devices; signing one out also logs out its sockets (docs/security.md "Sessions and devices").
import { useState, type ReactElement } from 'react';
import type { SessionInfo } from '../../../domain/security-types.ts';
import { revokeOtherSessions, revokeSession } from '../../api/security.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { formatDate } from '../../i18n/format.ts';
import { ConfirmDialog } from '../../components/overlays/confirm-dialog.tsx';
import { toast } from '../../state/shell/toasts.ts';

export function SessionsSection(props: { sessions: SessionInfo[]; onChange: () => void }): ReactElement {
  const { t } = useTranslation();
  const [doomed, setDoomed] = useState<SessionInfo | 'others' | null>(null);
  const others = props.sessions.filter((s) => !s.current).length;

  const end = async (): Promise<void> => {
    const target = doomed;
    setDoomed(null);
    if (target === null) return;
    try {
      const env = target === 'others' ? await revokeOtherSessions() : await revokeSession(target.id);
      toast(env.msg);
      props.onChange();
    } catch {
      // the client showed the server's message
    }
  };

  return (
    <section className="sec-card" data-testid="sessions-section">
      <h2 className="sec-card__title">{t('security.sessions_title')}</h2>
      <ul className="sec-sessions">
        {props.sessions.map((s) => (
          <li key={s.id} className="sec-session" data-testid="session-row" data-current={s.current ? '1' : '0'}>
            <div className="sec-session__text">
              <span className="sec-session__device">{s.device || t('security.unknown_device')}</span>
              <span className="sec-session__meta num">{s.address}</span>
              <span className="sec-session__meta">{t('security.created', { time: formatDate(s.created_at) })}</span>
              <span className="sec-session__meta">{t('security.last_seen', { time: formatDate(s.last_seen_at) })}</span>
            </div>
            {s.current ? (
              <span className="sec-session__this">{t('security.this_device')}</span>
            ) : (
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => setDoomed(s)}
                data-testid="session-sign-out"
                data-device={s.device}
              >
                {t('security.sign_out')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <button
          type="button"
          className="btn btn-danger btn-block"
          onClick={() => setDoomed('others')}
          data-testid="sign-out-others"
        >
          {t('security.sign_out_others')}
        </button>
      ) : null}
      <ConfirmDialog
        open={doomed !== null}
        messageKey={doomed === 'others' ? 'security.others_confirm' : 'security.sign_out_confirm'}
        confirmKey="security.sign_out"
        danger
        onConfirm={() => void end()}
        onCancel={() => setDoomed(null)}
      />
    </section>
  );
}
