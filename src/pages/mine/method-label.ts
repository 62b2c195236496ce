import type { WithdrawMethod } from '../../../domain/wallet-types.ts';

export function shortAddress(address: string): string {
  return address.length > 20 ? `${address.slice(0, 8)}…${address.slice(-8)}` : address;
}

export function methodLabel(m: WithdrawMethod): string {
  if (m.type === 1) return `${m.draw_currency.code}-${m.draw_currency.protocol} ${shortAddress(m.dc_address)}`;
  return `${m.bank_name} ${m.payee_name} ****${m.payee_account.slice(-4)}`;
}
