// They keep the ranking from being empty on a new install; figures are illustrative and fixed.
import { insertMissing, type Seeder } from './seeder.ts';

type Row = [
  name: string,
  code: string,
  multiple: number,
  rate: string,
  win: string,
  profit: string,
  totalRate: string,
  trades: number,
  followers: number,
];

const TRADERS: readonly Row[] = [
  ['Aurora FX', 'EUR/USD', 100, '38.52', '71.43', '12840.50', '214.36', 1286, 2318],
  ['GoldHand', 'XAU/USD', 50, '31.07', '66.67', '9875.20', '188.90', 964, 1904],
  ['K. Tanaka', 'USD/JPY', 200, '27.64', '63.16', '7410.00', '132.55', 1502, 1377],
  ['Satoshi Lane', 'BTC/USDT', 20, '24.18', '58.82', '15320.75', '301.12', 688, 2650],
  ['Marina V.', 'GBP/USD', 100, '21.95', '69.23', '5230.40', '97.40', 840, 902],
  ['Blue Harbour', 'NAS100', 50, '18.33', '61.54', '6120.00', '120.08', 532, 744],
  ['Chen Wei', 'XAU/USD', 100, '16.72', '64.29', '4388.90', '86.73', 1105, 1190],
  ['Oilman Pete', 'USOIL', 1, '14.40', '55.56', '3905.10', '64.21', 476, 388],
  ['Lena Richter', 'GER40', 50, '12.86', '60.00', '2870.35', '58.90', 390, 455],
  ['Rafael M.', 'ETH/USDT', 20, '11.09', '52.63', '2455.00', '77.45', 610, 520],
  ['Quiet Pip', 'EUR/GBP', 200, '9.74', '57.89', '1730.60', '41.18', 1730, 301],
  ['Nora S.', 'AUD/USD', 100, '8.15', '54.55', '1266.40', '35.02', 402, 214],
  ['Silverline', 'XAG/USD', 1, '6.92', '50.00', '980.25', '29.77', 298, 176],
  ['Mumbai Macro', 'SPX500', 50, '5.48', '53.33', '845.00', '22.61', 355, 133],
  ['Dune Trader', 'UKOIL', 1, '3.97', '47.37', '512.80', '12.40', 267, 98],
  ['Park J.', 'USD/CAD', 100, '2.31', '45.45', '288.10', '8.05', 190, 61],
];

export const tradersSeeder: Seeder = {
  name: 'traders',
  run: (q) =>
    insertMissing(
      q,
      'seeded_traders',
      ['name'],
      TRADERS.map(([name, code, multiple, rate, win, profit, totalRate, trades, followers]) => ({
        name,
        code,
        multiple,
        three_week_rate: rate,
        three_week_win: win,
        three_week_profit: profit,
        total_rate: totalRate,
        total_trade_num: trades,
        followers,
      })),
    ),
};
