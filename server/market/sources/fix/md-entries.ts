// Imports jspurefix's types only, so the server loads the heavy engine only when a FIX source connects.
import type { MsgView } from 'jspurefix';
import { BID, OFFER, TRADE, parseFixTime, type MdEntry } from './md-book.ts';

/** `symbol` is the message's Symbol for a snapshot. */
export function mdEntries(view: MsgView, symbol?: string): MdEntry[] {
  const group =
    view.getView('NoMDEntries') ?? view.getView('MDFullGrp.NoMDEntries') ?? view.getView('MDIncGrp.NoMDEntries');
  const entries: MdEntry[] = [];
  if (!group) return entries;
  const n = group.groupCount();
  for (let i = 0; i < n; i++) {
    const e = group.getGroupInstance(i);
    if (!e) continue;
    const type = e.getString(269);
    if (type !== BID && type !== OFFER && type !== TRADE) continue;
    const entry: MdEntry = { type, symbol: e.getString(55) ?? symbol ?? '' };
    const action = e.getString(279);
    const price = e.getString(270);
    const size = e.getString(271);
    if (action !== null) entry.action = action;
    if (price !== null) entry.price = price;
    if (size !== null) entry.size = size;
    entries.push(entry);
  }
  return entries;
}

/** Epoch ms. */
export function sendingTime(view: MsgView): number {
  return parseFixTime(view.getString(52));
}
