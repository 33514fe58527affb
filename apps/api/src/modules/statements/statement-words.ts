import type { LANGUAGES } from '@portal/shared/settings';

export type StatementLanguage = (typeof LANGUAGES)[number];

/**
 * The PDF statement's words in the reader's language (ADR 74). The web's words live in its i18n
 * files; the PDF is drawn by the server, so its few labels are kept here.
 */
export interface StatementWords {
  title: string;
  period: string;
  generated: string;
  utc: string;
  holdings: string;
  token: string;
  opening: string;
  in: string;
  out: string;
  closing: string;
  lines: string;
  date: string;
  kind: string;
  amount: string;
  value: string;
  transaction: string;
  noLines: string;
  noHoldings: string;
  totals: string;
  chainAgrees: string;
  chainDiffers: string;
  footer: string;
  kinds: Record<string, string>;
}

export const STATEMENT_WORDS: Record<StatementLanguage, StatementWords> = {
  en: {
    title: 'Statement',
    period: 'Period',
    generated: 'Generated',
    utc: 'dates in UTC',
    holdings: 'Holdings',
    token: 'Token',
    opening: 'Opening',
    in: 'In',
    out: 'Out',
    closing: 'Closing',
    lines: 'Transactions',
    date: 'Date',
    kind: 'Type',
    amount: 'Amount',
    value: 'Value',
    transaction: 'Transaction',
    noLines: 'No transactions in this period.',
    noHoldings: 'No holdings in this period.',
    totals: 'Totals',
    chainAgrees: 'The closing balances agree with the chain today.',
    chainDiffers: 'A balance on the chain differs from the books today: see My Assets.',
    footer: 'Amounts are exact. The CSV statement carries the same figures in base units.',
    kinds: {
      purchase: 'Purchase',
      'forced-transfer': 'Forced transfer',
      distribution: 'Distribution',
      redemption: 'Redemption',
      'secondary-order': 'Sell order placed',
      'secondary-return': 'Sell order returned',
      'secondary-sale': 'Sale',
      'secondary-purchase': 'Secondary purchase',
      transfer: 'Transfer',
      withdrawal: 'Withdrawal to own wallet',
    },
  },
  fr: {
    title: 'Relevé de compte',
    period: 'Période',
    generated: 'Établi le',
    utc: 'dates en UTC',
    holdings: 'Avoirs',
    token: 'Jeton',
    opening: 'Ouverture',
    in: 'Entrées',
    out: 'Sorties',
    closing: 'Clôture',
    lines: 'Opérations',
    date: 'Date',
    kind: 'Type',
    amount: 'Montant',
    value: 'Valeur',
    transaction: 'Transaction',
    noLines: 'Aucune opération sur cette période.',
    noHoldings: 'Aucun avoir sur cette période.',
    totals: 'Totaux',
    chainAgrees: 'Les soldes de clôture concordent avec la chaîne aujourd’hui.',
    chainDiffers: 'Un solde sur la chaîne diffère des livres aujourd’hui : voir Mes actifs.',
    footer: 'Les montants sont exacts. Le relevé CSV donne les mêmes chiffres en unités de base.',
    kinds: {
      purchase: 'Achat',
      'forced-transfer': 'Transfert forcé',
      distribution: 'Distribution',
      redemption: 'Rachat',
      'secondary-order': 'Ordre de vente placé',
      'secondary-return': 'Ordre de vente restitué',
      'secondary-sale': 'Vente',
      'secondary-purchase': 'Achat secondaire',
      transfer: 'Transfert',
      withdrawal: 'Retrait vers mon portefeuille',
    },
  },
  ar: {
    title: 'كشف حساب',
    period: 'الفترة',
    generated: 'تاريخ الإصدار',
    utc: 'التواريخ بالتوقيت العالمي',
    holdings: 'الأصول المملوكة',
    token: 'الرمز',
    opening: 'الرصيد الافتتاحي',
    in: 'الوارد',
    out: 'الصادر',
    closing: 'الرصيد الختامي',
    lines: 'العمليات',
    date: 'التاريخ',
    kind: 'النوع',
    amount: 'الكمية',
    value: 'القيمة',
    transaction: 'المعاملة',
    noLines: 'لا توجد عمليات في هذه الفترة.',
    noHoldings: 'لا توجد أصول في هذه الفترة.',
    totals: 'المجاميع',
    chainAgrees: 'الأرصدة الختامية مطابقة لما على السلسلة اليوم.',
    chainDiffers: 'يختلف رصيد على السلسلة عن الدفاتر اليوم: راجع أصولي.',
    footer: 'المبالغ دقيقة. يتضمن الكشف الجدولي الأرقام نفسها بالوحدات الأساسية.',
    kinds: {
      purchase: 'شراء',
      'forced-transfer': 'تحويل إجباري',
      distribution: 'توزيع',
      redemption: 'استرداد',
      'secondary-order': 'أمر بيع',
      'secondary-return': 'إعادة أمر بيع',
      'secondary-sale': 'بيع',
      'secondary-purchase': 'شراء ثانوي',
      transfer: 'تحويل',
      withdrawal: 'سحب إلى محفظتي',
    },
  },
};
