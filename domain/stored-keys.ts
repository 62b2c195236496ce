// The IndexedDB keys an offline start reads back, shared by the writers and the readers (the first paint among them).

export const TRADE_LIST_KEY = 'tw.trade_list';

export const QUOTES_KEY = 'tw.quotes';

export const RISK_WARNING_KEY = 'tw.risk_warning';
