// Seeded once; at run time the database is the authority (an operator may edit it), not this file.
import type { Language } from '../../domain/types.ts';

export interface CategoryDef {
  id: number;
  sort: number;
  /** A language without a name falls back to English. */
  names: Partial<Record<Language, string>> & { en: string };
}

export const CATEGORY_FOREX = 1;
export const CATEGORY_METALS = 2;
export const CATEGORY_CRYPTO = 3;
export const CATEGORY_INDICES = 4;
export const CATEGORY_ENERGY = 5;

export const CATEGORIES: readonly CategoryDef[] = [
  {
    id: CATEGORY_FOREX,
    sort: 1,
    names: {
      en: 'Forex',
      hk: '外匯',
      jp: '外国為替',
      kr: '외환',
      th: 'ฟอเร็กซ์',
      vn: 'Ngoại hối',
      fr: 'Forex',
      de: 'Devisen',
      ru: 'Форекс',
      spa: 'Divisas',
      pt: 'Câmbio',
      ar: 'العملات',
      it: 'Valute',
      tr: 'Döviz',
      id: 'Valas',
      my: 'Forex',
      hi: 'विदेशी मुद्रा',
      cs: 'Forex',
    },
  },
  {
    id: CATEGORY_METALS,
    sort: 2,
    names: {
      en: 'Metals',
      hk: '貴金屬',
      jp: '貴金属',
      kr: '귀금속',
      th: 'โลหะมีค่า',
      vn: 'Kim loại',
      fr: 'Métaux',
      de: 'Metalle',
      ru: 'Металлы',
      spa: 'Metales',
      pt: 'Metais',
      ar: 'المعادن',
      it: 'Metalli',
      tr: 'Metaller',
      id: 'Logam',
      my: 'Logam',
      hi: 'धातुएँ',
      cs: 'Kovy',
    },
  },
  {
    id: CATEGORY_CRYPTO,
    sort: 3,
    names: {
      en: 'Crypto',
      hk: '加密貨幣',
      jp: '暗号資産',
      kr: '암호화폐',
      th: 'คริปโต',
      vn: 'Tiền mã hóa',
      fr: 'Crypto',
      de: 'Krypto',
      ru: 'Криптовалюты',
      spa: 'Cripto',
      pt: 'Cripto',
      ar: 'العملات المشفرة',
      it: 'Cripto',
      tr: 'Kripto',
      id: 'Kripto',
      my: 'Kripto',
      hi: 'क्रिप्टो',
      cs: 'Kryptoměny',
    },
  },
  {
    id: CATEGORY_INDICES,
    sort: 4,
    names: {
      en: 'Indices',
      hk: '指數',
      jp: '株価指数',
      kr: '지수',
      th: 'ดัชนี',
      vn: 'Chỉ số',
      fr: 'Indices',
      de: 'Indizes',
      ru: 'Индексы',
      spa: 'Índices',
      pt: 'Índices',
      ar: 'المؤشرات',
      it: 'Indici',
      tr: 'Endeksler',
      id: 'Indeks',
      my: 'Indeks',
      hi: 'सूचकांक',
      cs: 'Indexy',
    },
  },
  {
    id: CATEGORY_ENERGY,
    sort: 5,
    names: {
      en: 'Energy',
      hk: '能源',
      jp: 'エネルギー',
      kr: '에너지',
      th: 'พลังงาน',
      vn: 'Năng lượng',
      fr: 'Énergie',
      de: 'Energie',
      ru: 'Энергоносители',
      spa: 'Energía',
      pt: 'Energia',
      ar: 'الطاقة',
      it: 'Energia',
      tr: 'Enerji',
      id: 'Energi',
      my: 'Tenaga',
      hi: 'ऊर्जा',
      cs: 'Energie',
    },
  },
];
