// Financial record types the engine writes (the ledger's numbering gives trading the 20s; server/ledger/record-types.ts).
export const TradeRecord = {
  MARGIN_LOCK: 21, // available → locked when an order is placed
  MARGIN_RELEASE: 22, // locked → available when an order closes or is cancelled
  TRADE_FEE: 23, // handling fee charged when an order is placed
  FEE_REFUND: 24, // the fee of a cancelled pending order, given back
  PROFIT: 25, // realised P&L of a closed position (negative for a loss)
} as const;
