// The contract's `/mining` lives only here (docs/glossary.md "The contract's words, at the edge only").
export const FUNDS_PATH = '/mining';
export const FUND_SUBSCRIBE_PATH = `${FUNDS_PATH}/subscribe`;
export const FUND_RECORDS_PATH = `${FUNDS_PATH}/record`;
export const FUND_INCOME_PATH = `${FUNDS_PATH}/income`;
