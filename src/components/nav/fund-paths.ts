// The funds screens' URLs, the contract's `/mining` (docs/glossary.md "The contract's words, at the edge only"),
// written here only: links, back arrows and the route table name the screen, not the wire's word.
export const FUNDS_PATH = '/mining';
export const FUND_SUBSCRIBE_PATH = `${FUNDS_PATH}/subscribe`;
export const FUND_RECORDS_PATH = `${FUNDS_PATH}/record`;
export const FUND_INCOME_PATH = `${FUNDS_PATH}/income`;
