// hk for the stories news-intl.ts lacks, so every seeded story reads in hk (docs/content.md "Content languages").
import type { NewsStory } from './news-story.ts';

const T_FX = [
  ['貨幣對', '開市', '收市', '變動'],
  ['EUR/USD', '1.0841', '1.0872', '+0.29%'],
  ['GBP/USD', '1.2630', '1.2655', '+0.20%'],
  ['USD/JPY', '151.20', '150.64', '-0.37%'],
];
const T_METAL = [
  ['金屬', '本周高位', '本周低位', '收市'],
  ['黃金', '2,412.5', '2,351.0', '2,398.7'],
  ['白銀', '28.95', '27.80', '28.52'],
  ['鉑金', '968', '941', '955'],
];
const T_CRYPTO = [
  ['幣種', '價格', '24小時', '成交額（十億）'],
  ['BTC', '67,250', '+1.6%', '31.2'],
  ['ETH', '3,480', '+0.9%', '14.8'],
  ['SOL', '168.4', '-2.1%', '3.1'],
];

export const NEWS_HK: readonly NewsStory[] = [
  {
    slug: 'hk-indices-earnings',
    item: 'en-indices-earnings',
    lang: 'hk',
    image: 'indices',
    title: '科技股業績理想，納斯達克再創新高',
    desc: '晶片股領漲；標普500指數收升0.8%，道瓊斯指數表現落後。',
    heading: '板塊動向',
    paras: [
      '兩大晶片設計商公布強勁業績，推動NAS100指數以歷史新高收市，半導體股單日升逾3%。',
      '資金轉投增長股，防守型板塊表現落後，US30幾乎持平。',
    ],
    bullets: ['NAS100 +1.4%', 'SPX500 +0.8%', 'US30 +0.1%', '歐洲GER40跟隨上升'],
    link: { href: 'https://www.example.com/calendar', text: '查看業績公布日程' },
  },
  {
    slug: 'hk-yen-intervention',
    item: 'en-yen-intervention',
    lang: 'hk',
    image: 'fx-desk',
    title: '東京發出干預警告，日圓急升',
    desc: '官員表示正以高度緊迫感密切留意匯價走勢。',
    heading: '為何重要',
    paras: [
      '財務省官員警告匯價單向波動，日圓隨即急升，美元兌日圓在數分鐘內下跌近兩日圓。',
      '交易員記得過往的干預行動前亦曾出現類似措辭，該貨幣對的引伸波幅升至六個月高位。',
    ],
    bullets: ['市況急速時請使用止損單', '出現跳空時，掛單成交價可能偏離目標價', '日圓貨幣對以每手1,000單位交易'],
    table: T_FX,
  },
  {
    slug: 'hk-ecb-decision',
    item: 'en-ecb-decision',
    lang: 'hk',
    image: 'fx-desk',
    title: '歐洲央行維持利率不變，表明減息需要耐性',
    desc: '記者會後歐元變動不大；政策指引繼續取決於數據。',
    heading: '重點',
    paras: [
      '歐洲中央銀行維持存款利率不變，並表示日後的決定將取決於最新數據。',
      '職員預測下調明年的通脹預期，市場解讀為年內稍後有機會減息。',
    ],
    bullets: ['存款利率不變', '通脹預測下調0.1個百分點', '歐元兌英鎊輕微回落'],
  },
  {
    slug: 'hk-silver-solar',
    item: 'en-silver-solar',
    lang: 'hk',
    image: 'gold',
    title: '太陽能板需求帶動，白銀表現跑贏黃金',
    desc: '工業用途現佔全年白銀消耗量逾一半。',
    heading: '工業需求',
    paras: ['太陽能裝機量預測獲上調，白銀本周上升4%，表現優於黃金。', '金銀比率跌至年初以來最低水平。'],
    bullets: ['XAGUSD為固定保證金品種', '金銀比率跌穿84', '礦產供應增長持平'],
    table: T_METAL,
  },
  {
    slug: 'hk-eth-upgrade',
    item: 'en-eth-upgrade',
    lang: 'hk',
    image: 'crypto',
    title: '網絡升級在即，以太幣上揚',
    desc: '開發者確認升級日期；主鏈手續費已經下降。',
    heading: '有何改變',
    paras: [
      '開發者確認下一次網絡升級的日期後，以太幣上升5%；是次升級將降低擴容網絡的數據成本。',
      '分析員提醒，市場往往會提前消化升級消息。',
    ],
    bullets: ['第二層網絡手續費降低', '持有人毋須採取任何行動', '預料升級前後波動加劇'],
    table: T_CRYPTO,
  },
  {
    slug: 'hk-gas-weather',
    item: 'en-gas-weather',
    lang: 'hk',
    image: 'energy',
    title: '天氣溫和減少供暖需求，天然氣價格下跌',
    desc: '踏入冬季，儲存量仍遠高於五年平均水平。',
    heading: '儲存量與天氣',
    paras: ['天氣預測顯示供暖季節開局溫和，天然氣期貨本周下跌6%。', '儲存量較五年平均水平高出約5%。'],
    bullets: ['NGAS是波動最大的品種之一', '天氣預測會令價格急速變動', '可考慮減少持倉規模'],
  },
];
