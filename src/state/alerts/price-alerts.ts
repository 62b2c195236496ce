// Price alerts (docs/alerts.md); a hidden page's notification shares the Web Push one's tag so they never show twice.
import { effect, signal, type ReadonlySignal } from '@preact/signals-react';
import { createAlert, deleteAlert, readAlerts, type NewAlert } from '../../api/alerts.ts';
import { refusalText } from '../../api/client.ts';
import { firedMessage, type PriceAlert, type PriceAlerts } from '../../../domain/price-alerts.ts';
import { i18n } from '../../i18n/index.ts';
import { onPriceAlert } from '../feed/feed-listeners.ts';
import { $token } from '../account/session.ts';
import { toast } from '../shell/toasts.ts';

const $list = signal<PriceAlerts | null>(null, { name: 'price-alerts.$list' });
/** null until read, and for a visitor. */
export const $alerts: ReadonlySignal<PriceAlerts | null> = $list;

let generation = 0; // answers for the previous owner are dropped
// Firing is one way: an answer sent before a firing this page has seen never shows that alert active again.
const firedSeen = new Map<number, PriceAlert>();
const withFired = (list: PriceAlerts): PriceAlerts => ({
  ...list,
  alerts: list.alerts.map((a) => (a.status === 'active' ? (firedSeen.get(a.id) ?? a) : a)).sort(byStatus),
});

/** The server writes the Web Push one alike. */
export function firedText(a: PriceAlert): { title: string; body: string } {
  const { key, params } = firedMessage(a);
  const body = i18n.t(key, params);
  return { title: i18n.t('alerts.push.title', params), body: a.note ? `${body} — ${a.note}` : body };
}

export async function loadAlerts(): Promise<void> {
  const token = $token.peek();
  if (token === null) return;
  const gen = generation;
  try {
    const list = await readAlerts();
    // The token is checked too: a change before startPriceAlerts follows the session.
    if (gen === generation && $token.peek() === token) $list.value = withFired(list);
  } catch {
    // offline: keep what is shown
  }
}

/** Else the refusal's text for the form to show under itself, or false when there is nothing to say (cancelled). */
export async function addAlert(a: NewAlert): Promise<true | string | false> {
  const gen = generation;
  try {
    const list = await createAlert(a);
    if (gen === generation) $list.value = withFired(list);
    toast(i18n.t('alerts.created'));
    return true;
  } catch (err) {
    return refusalText(err) ?? false;
  }
}

export async function removeAlert(id: number): Promise<void> {
  const gen = generation;
  try {
    const list = await deleteAlert(id);
    if (gen === generation) $list.value = withFired(list);
    toast(i18n.t('alerts.deleted'));
  } catch {
    await loadAlerts(); // already gone elsewhere
  }
}

export interface FiredDeps {
  doc: Pick<Document, 'visibilityState'>;
  /** Resolves when shown or skipped. */
  notify(title: string, options: NotificationOptions): Promise<void>;
}

/** Only when the user allowed notifications and a worker is registered. */
async function swNotify(title: string, options: NotificationOptions): Promise<void> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted' || !('serviceWorker' in navigator))
    return;
  const reg = await navigator.serviceWorker.getRegistration();
  await reg?.showNotification(title, options);
}

export function alertFired(a: PriceAlert, deps: FiredDeps): void {
  firedSeen.set(a.id, a);
  const list = $list.peek();
  if (list) $list.value = { ...list, alerts: [a, ...list.alerts.filter((x) => x.id !== a.id)].sort(byStatus) };
  const { title, body } = firedText(a);
  toast(body);
  if (deps.doc.visibilityState === 'hidden') {
    deps
      .notify(title, { body, tag: `alert-${a.id}`, data: { url: `/#/trade?code=${encodeURIComponent(a.code)}` } })
      .catch((err: unknown) => console.warn('alert notification failed', err));
  }
}

/** The server's order: active first, then fired, newest first in each. */
function byStatus(x: PriceAlert, y: PriceAlert): number {
  if (x.status !== y.status) return x.status === 'active' ? -1 : 1;
  return x.status === 'active' ? y.id - x.id : (y.fired_at ?? 0) - (x.fired_at ?? 0);
}

/** Started by src/app/start/start.ts. */
export function startPriceAlerts(deps: FiredDeps = { doc: document, notify: swNotify }): () => void {
  // Only a change of session drops the list: a chart may have read this session's list before (chart-orders.tsx).
  let first = true;
  const offSession = effect(() => {
    void $token.value;
    if (first) {
      first = false;
      return;
    }
    generation++;
    firedSeen.clear();
    $list.value = null;
  });
  const offFired = onPriceAlert((a) => alertFired(a, deps));
  return () => {
    offSession();
    offFired();
  };
}
