// /mine/auth, real-name verification (docs/contract.md §2, §4, §5).
import { useState, type FormEvent, type ReactElement } from 'react';
import { useLoaded } from '../../components/lists/loaded.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { realNameCenter, submitRealName } from '../../api/wallet.ts';
import { ReviewStatus, type RealNameCenter } from '../../../domain/wallet-types.ts';
import { Field } from '../../components/forms/field.tsx';
import { Icon } from '../../components/icons/icons.tsx';
import { Spinner } from '../../components/lists/spinner.tsx';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { useRefreshOnChange } from '../../components/hooks/use-refresh-on-change.ts';
import { toast } from '../../state/shell/toasts.ts';
import { FORM_FIELD, useFieldMessages } from '../../components/forms/use-field-messages.ts';
import { FieldMessage } from '../../components/forms/field-message.tsx';
import { refusalText } from '../../api/client.ts';
import {
  CARD_ID_MAX,
  CARD_ID_MIN,
  cardIdProblem,
  cleanCardId,
  cleanName,
  NAME_MAX,
  nameProblem,
} from '../../../domain/real-name-rules.ts';
import { ProofPicker } from './proof-picker.tsx';
import './money.css';
import { Num } from '../../components/text/num.tsx';
import { DefRow } from '../../components/text/def-row.tsx';
import { ICON_CHECK, ICON_ID } from '../../components/icons/screen-icons.ts';

const ID_LIMITS = { min: String(CARD_ID_MIN), max: String(CARD_ID_MAX) };

/** For the finish state. */
export const maskId = (id: string): string =>
  id.length <= 4 ? id : `${id.slice(0, 2)}${'*'.repeat(id.length - 4)}${id.slice(-2)}`;

/** The server's rules (domain/real-name-rules.ts); while typing, an empty field says so only after a submit. */
function ruleNotes(name: string, cardId: string, typing: boolean) {
  const nameRule = typing && name === '' ? null : nameProblem(name);
  const idRule = typing && cardId === '' ? null : cardIdProblem(cardId);
  return {
    name: nameRule ? { key: `errors.${nameRule}`, params: { max: String(NAME_MAX) } } : null,
    card_id: idRule ? { key: `errors.${idRule}`, params: ID_LIMITS } : null,
  };
}

/** After a rejection it starts from what was sent, so fixing what the reason names is one change. */
function RealNameForm({ last, onDone }: { last: RealNameCenter; onDone: () => void }): ReactElement {
  const { t } = useTranslation();
  const reason = last.reason;
  const [name, setName] = useState(last.name);
  const [cardId, setCardId] = useState(last.card_id);
  const [front, setFront] = useState<string | null>(last.front_pic || null);
  const [back, setBack] = useState<string | null>(last.reverse_pic || null);
  const messages = useFieldMessages<'name' | 'card_id' | 'photos'>(ruleNotes(name, cardId, true));

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const ok = messages.showAll({
      ...ruleNotes(name, cardId, false),
      photos: !front || !back ? { key: 'errors.id_photos_required' } : null,
    });
    if (!ok || !front || !back) return;
    try {
      const env = await submitRealName(
        { name: cleanName(name), card_id: cleanCardId(cardId), front_pic: front, reverse_pic: back },
        { toast: false },
      );
      toast(env.msg);
      onDone();
    } catch (err) {
      const text = refusalText(err);
      if (text) messages.show(FORM_FIELD, { text }); // under the form, not a toast over it
    }
  };

  return (
    <form className="mw-form" onSubmit={(e) => void submit(e)} noValidate data-testid="real-name-form">
      {reason ? (
        <p className="mw-rejected" role="status" data-testid="rejected-reason">
          {t('realname.rejected', { reason })}
        </p>
      ) : null}
      <Field
        labelKey="realname.name"
        placeholderKey="errors.name_required"
        value={name}
        onChange={messages.edit('name', setName)}
        name="name"
        autoComplete="name"
        maxLength={NAME_MAX}
        note={messages.of('name')}
      />
      <Field
        labelKey="realname.card_id"
        placeholderKey="errors.id_number_required"
        value={cardId}
        onChange={messages.edit('card_id', setCardId)}
        name="card_id"
        autoComplete="off"
        maxLength={CARD_ID_MAX}
        note={messages.of('card_id')}
      />
      <div className="mw-id-photos">
        <ProofPicker
          labelKey="realname.front"
          value={front}
          onChange={messages.edit('photos', setFront)}
          testId="front"
        />
        <ProofPicker labelKey="realname.back" value={back} onChange={messages.edit('photos', setBack)} testId="back" />
      </div>
      <p className="muted mw-hint">{t('realname.photo_hint')}</p>
      <FieldMessage id="real-name-photos" note={messages.of('photos')} field="photos" />
      <FieldMessage id="real-name-form" note={messages.of(FORM_FIELD)} field={FORM_FIELD} />
      <button type="submit" className="btn btn-primary btn-block" data-testid="real-name-submit">
        {t('common.confirm')}
      </button>
    </form>
  );
}

export function RealNamePage(): ReactElement {
  const { t } = useTranslation();
  const { data: center, reload: load } = useLoaded(realNameCenter, undefined, true);
  // The operator's decision arrives as an event: reload (docs/wallet.md "Money screens stay current").
  useRefreshOnChange(load);

  let body: ReactElement;
  if (!center) body = <Spinner />;
  else if (center.review_status === ReviewStatus.NONE) body = <RealNameForm last={center} onDone={load} />;
  else {
    const done = center.review_status === ReviewStatus.VERIFIED;
    body = (
      <div className="mw-state" data-testid={done ? 'real-name-finish' : 'real-name-waiting'}>
        <span className="mw-state__icon" data-done={done}>
          <Icon icon={done ? ICON_CHECK : ICON_ID} size={40} />
        </span>
        <h2>{t(done ? 'realname.finish' : 'realname.waiting')}</h2>
        <p className="muted">{t(done ? 'realname.finish_hint' : 'realname.waiting_hint')}</p>
        <dl className="mw-preview">
          <DefRow labelKey="realname.name">{center.name}</DefRow>
          <DefRow labelKey="realname.card_id">
            <Num>{maskId(center.card_id)}</Num>
          </DefRow>
        </dl>
      </div>
    );
  }
  return (
    <div className="page">
      <TitleBar titleKey="page.auth" back="/user" />
      <div className="page-body mw-page">{body}</div>
    </div>
  );
}
