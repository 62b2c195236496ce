// /feedback: a message to the broker's team with its topic, and the trader's messages with the team's answers.
import { useEffect, useId, useState, type ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ContentScreen } from '../../components/nav/content-screen.tsx';
import { Segmented } from '../../components/forms/segmented.tsx';
import { FieldMessage, describedBy } from '../../components/forms/field-message.tsx';
import { useFieldMessages } from '../../components/forms/use-field-messages.ts';
import { submitHandler } from '../../components/forms/submit-handler.ts';
import { EmptyState } from '../../components/lists/empty-state.tsx';
import { DateText } from '../../components/text/date-text.tsx';
import { toast } from '../../state/shell/toasts.ts';
import { refusalText } from '../../api/client.ts';
import { readFeedback, sendFeedback } from '../../api/feedback.ts';
import {
  FEEDBACK_TEXT_MAX,
  FEEDBACK_TOPICS,
  type FeedbackListWire,
  type FeedbackTopic,
} from '../../../domain/feedback.ts';
import '../../components/forms/field.css';
import './feedback.css';

const TOPICS = FEEDBACK_TOPICS.map((value) => ({ value, labelKey: `feedback.topics.${value}` }));
const MAX = { max: String(FEEDBACK_TEXT_MAX) };

export function FeedbackPage(): ReactElement {
  const { t } = useTranslation();
  const textId = useId();
  const [list, setList] = useState<FeedbackListWire | null>(null);
  const [topic, setTopic] = useState<FeedbackTopic>('app');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const msgs = useFieldMessages<'text'>();

  useEffect(() => {
    readFeedback().then(setList, () => undefined);
  }, []);

  const full = list !== null && list.left_today <= 0;
  const submit = async (): Promise<void> => {
    const empty = { key: 'errors.field_required', params: { field: t('feedback.text') } };
    if (!msgs.showAll({ text: text.trim() === '' ? empty : null })) return;
    setBusy(true);
    try {
      await sendFeedback(topic, text.trim());
      setText('');
      toast(t('feedback.sent'));
      setList(await readFeedback());
    } catch (err) {
      const refused = refusalText(err);
      if (refused) msgs.show('form', { text: refused });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ContentScreen titleKey="page.feedback">
      <form className="fb-form" onSubmit={submitHandler(submit)} data-testid="feedback-form">
        <p className="fb-intro">{t('feedback.intro')}</p>
        <Segmented
          role="radiogroup"
          labelKey="feedback.topic"
          options={TOPICS}
          value={topic}
          onChange={setTopic}
          className="segmented fb-topics"
          dataName="topic"
        />
        <label className="field__label" htmlFor={textId}>
          {t('feedback.text')}
        </label>
        <textarea
          id={textId}
          className="fb-text"
          dir="auto"
          name="text"
          rows={6}
          maxLength={FEEDBACK_TEXT_MAX}
          value={text}
          onChange={(e) => msgs.edit('text', setText)(e.currentTarget.value)}
          {...describedBy(`${textId}-msg`, msgs.of('text'))}
        />
        <FieldMessage id={`${textId}-msg`} field="text" note={msgs.of('text')} />
        <p className="field__hint">{t('feedback.text_hint', MAX)}</p>
        <FieldMessage
          id={`${textId}-form`}
          field="form"
          note={msgs.of('form') ?? (full ? { key: 'errors.daily_limit' } : null)}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || full}>
          {t('feedback.send')}
        </button>
      </form>
      <h2 className="fb-heading">{t('feedback.mine')}</h2>
      {list && list.items.length === 0 ? <EmptyState textKey="feedback.none" /> : null}
      <ul className="fb-list" data-testid="feedback-list">
        {list?.items.map((item) => (
          <li key={item.id} className="fb-item" data-status={item.status} data-id={item.id}>
            <p className="fb-item__head">
              <span className="fb-item__topic">{t(`feedback.topics.${item.topic}`)}</span>
              <span className="fb-item__status">{t(`feedback.${item.status}`)}</span>
            </p>
            <p className="fb-item__time">
              <DateText value={item.created_at} />
            </p>
            <p className="fb-item__text" dir="auto">
              {item.text}
            </p>
            {item.answer !== null ? (
              <div className="fb-answer">
                <p className="fb-answer__head">
                  <span>{t('feedback.answer')}</span>
                  {item.answered_at === null ? null : <DateText value={item.answered_at} />}
                </p>
                <p className="fb-item__text" dir="auto">
                  {item.answer}
                </p>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </ContentScreen>
  );
}
