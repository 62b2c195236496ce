// The team's side of docs/feedback.md: read the traders' messages and answer one (rules: server/feedback/feedback.ts).
import { FEEDBACK_TEXT_MAX } from '../../../domain/feedback.ts';
import { wireTime } from '../../../domain/wire-time.ts';
import { answerFeedback } from '../../feedback/feedback.ts';
import {
  FeedbackFilter,
  feedbackByStatus,
  staffFeedbackById,
  type StaffFeedbackRow,
} from '../../feedback/feedback-repository.ts';
import { notifyAccount } from '../../notify/account-notices.ts';
import { idArg } from '../args.ts';
import type { OpsCommand } from '../command.ts';
import { listCommand } from './list-command.ts';

const show = (r: StaffFeedbackRow) => ({
  id: Number(r.id),
  uid: r.uid,
  account: r.account,
  lang: r.lang,
  topic: r.topic,
  text: r.text,
  created_at: wireTime(r.created_at),
  status: r.answered_at === null ? 'open' : 'answered',
  answer: r.answer ?? '',
  answered_by: r.answered_by ?? '',
  answered_at: r.answered_at === null ? '' : wireTime(r.answered_at),
});

export const feedbackAnswer: OpsCommand = {
  name: 'feedback-answer',
  right: 'feedback',
  summary: "Answer a trader's message, once; the trader is told (a notice, e-mail or SMS) and reads it on /feedback",
  params: [
    { name: 'id', help: 'the message id (feedback-list)' },
    {
      name: 'text',
      help: `the answer, plain text (at most ${FEEDBACK_TEXT_MAX} characters)`,
      maxLength: FEEDBACK_TEXT_MAX * 2, // above the limit, so a long answer gets the answer's own message
    },
  ],
  before: async (q, args) => (await staffFeedbackById(q, idArg(args.id))) ?? null,
  async run(ctx, args, actor) {
    const row = await answerFeedback(ctx.db, idArg(args.id), args.text, actor.name, ctx.clock.now());
    await notifyAccount(ctx, Number(row.user_id), 'feedback_answered');
    return show(row);
  },
};

export const FEEDBACK_COMMANDS: readonly OpsCommand[] = [
  listCommand({
    name: 'feedback-list',
    right: 'feedback',
    summary: "Traders' messages to the team by status (default: open, oldest first; answered and all newest first)",
    statusHelp: 'open (default), answered or all',
    // "received" is the trader's word for open.
    statuses: {
      open: FeedbackFilter.OPEN,
      received: FeedbackFilter.OPEN,
      answered: FeedbackFilter.ANSWERED,
      all: FeedbackFilter.ALL,
    },
    fallback: 'open',
    rows: feedbackByStatus,
    show,
  }),
  feedbackAnswer,
];
