import { FEEDBACK_TOPICS, type FeedbackListWire, type FeedbackWire } from '../../../domain/feedback.ts';
import { enumOf, integer, listOf, nullable, shape, text } from '../wire-schema.ts';

const FEEDBACK = shape<FeedbackWire>('Feedback', {
  id: integer,
  topic: enumOf(...FEEDBACK_TOPICS),
  text,
  status: enumOf('received', 'answered'),
  answer: nullable(text),
  created_at: integer,
  answered_at: nullable(integer),
});

export const FEEDBACK_LIST = shape<FeedbackListWire>('FeedbackList', { items: listOf(FEEDBACK), left_today: integer });

export const FEEDBACK_SENT = shape<{ id: number }>('FeedbackSent', { id: integer });
