// A trader's messages to the team (docs/feedback.md): the list answers the newest with today's allowance.
import type { FeedbackListWire, FeedbackTopic } from '../../domain/feedback.ts';
import { apiGet, apiPost } from './client.ts';

export const readFeedback = (): Promise<FeedbackListWire> =>
  apiGet('/v1/api/feedback/list', {}, { toast: false, initial: true });
export const sendFeedback = (topic: FeedbackTopic, text: string): Promise<{ id: number }> =>
  apiPost('/v1/api/feedback/send', { topic, text }, { toast: false });
