// A trader's message to the broker's team and the team's answer (docs/feedback.md); the rules the form and the
// server share.

export type FeedbackTopic = 'app' | 'trading' | 'wallet' | 'other';
export const FEEDBACK_TOPICS: readonly FeedbackTopic[] = ['app', 'trading', 'wallet', 'other'];

/** Characters of a message, and of the team's answer. */
export const FEEDBACK_TEXT_MAX = 2000;
/** Messages an account may send in 24 hours: enough to follow up, too few to flood the team's inbox. */
export const FEEDBACK_PER_DAY = 5;
/** The newest messages a trader sees. */
export const FEEDBACK_SHOWN = 50;

export type FeedbackStatus = 'received' | 'answered';

export interface FeedbackWire {
  id: number;
  topic: FeedbackTopic;
  text: string;
  status: FeedbackStatus;
  /** The team's answer, null until one is sent. */
  answer: string | null;
  /** Epoch milliseconds. */
  created_at: number;
  answered_at: number | null;
}

export interface FeedbackListWire {
  items: FeedbackWire[];
  /** How many more the account may send now. */
  left_today: number;
}
