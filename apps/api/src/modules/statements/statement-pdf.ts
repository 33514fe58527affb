import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatUnits } from '@portal/shared/money';
import type { Statement } from '@portal/shared/statements';
import { STATEMENT_WORDS, type StatementLanguage } from './statement-words.js';

const require = createRequire(import.meta.url);
/** Vazirmatn draws Arabic with precomposed forms, which pdf-lib lays out without mark positioning (ADR 74). */
const ARABIC_FONTS = {
  regular: '@fontsource/vazirmatn/files/vazirmatn-arabic-400-normal.woff',
  bold: '@fontsource/vazirmatn/files/vazirmatn-arabic-700-normal.woff',
};
let arabicBytes: Promise<{ regular: Buffer; bold: Buffer }> | undefined;
const loadArabic = () =>
  (arabicBytes ??= Promise.all([
    readFile(require.resolve(ARABIC_FONTS.regular)),
    readFile(require.resolve(ARABIC_FONTS.bold)),
  ]).then(([regular, bold]) => ({ regular, bold })));

const ARABIC = /[\u0600-\u06ff]/;
const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const GREY = rgb(0.35, 0.35, 0.35);

/** Signed base units as a decimal with the token's decimals. */
const units = (amount: string, decimals: number) =>
  amount.startsWith('-')
    ? `-${formatUnits(BigInt(amount.slice(1)), decimals)}`
    : formatUnits(BigInt(amount), decimals);

interface Fonts {
  latin: PDFFont;
  latinBold: PDFFont;
  arabic?: PDFFont;
  arabicBold?: PDFFont;
}

/**
 * Draws the statement on A4 pages in the reader's language: Helvetica (WinAnsi covers English and
 * French) for Latin text and every figure, Vazirmatn for Arabic words; Arabic pages mirror the
 * columns so they read right to left. Figures stay left to right in every language.
 */
export async function renderStatementPdf(
  statement: Statement,
  language: StatementLanguage,
): Promise<Uint8Array> {
  const words = STATEMENT_WORDS[language];
  const rtl = language === 'ar';
  const doc = await PDFDocument.create();
  doc.setTitle(`${STATEMENT_WORDS.en.title} ${statement.from} – ${statement.to}`);
  doc.setLanguage(language);
  doc.setProducer('Investor portal');
  doc.setCreationDate(new Date(statement.generatedAt));
  const fonts: Fonts = {
    latin: await doc.embedFont(StandardFonts.Helvetica),
    latinBold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  if (rtl) {
    doc.registerFontkit(fontkit);
    const bytes = await loadArabic();
    fonts.arabic = await doc.embedFont(bytes.regular, { subset: true });
    fonts.arabicBold = await doc.embedFont(bytes.bold, { subset: true });
  }

  let page: PDFPage = doc.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  const width = A4.width - 2 * MARGIN;
  const newPageIfBelow = (needed: number) => {
    if (y - needed >= MARGIN) return;
    page = doc.addPage([A4.width, A4.height]);
    y = A4.height - MARGIN;
  };

  /** Text in a column [x, x + w) of the reading order; mirrored on Arabic pages. */
  const cell = (
    text: string,
    x: number,
    w: number,
    size: number,
    options: { bold?: boolean; end?: boolean; color?: ReturnType<typeof rgb> } = {},
  ) => {
    const arabic = ARABIC.test(text) && fonts.arabic;
    const font = arabic
      ? options.bold
        ? fonts.arabicBold!
        : fonts.arabic!
      : options.bold
        ? fonts.latinBold
        : fonts.latin;
    const shown = arabic ? text : winAnsi(text);
    const fitted = fit(shown, font, size, w);
    const textWidth = font.widthOfTextAtSize(fitted, size);
    const left = rtl ? A4.width - MARGIN - x - w : MARGIN + x;
    // Start-aligned text hugs the reading start (right on Arabic pages), figures the end.
    const atEnd = options.end ? !rtl : rtl;
    page.drawText(fitted, {
      x: atEnd ? left + w - textWidth : left,
      y,
      size,
      font,
      color: options.color ?? rgb(0, 0, 0),
    });
  };
  const rule = () => {
    page.drawLine({
      start: { x: MARGIN, y: y + 9 },
      end: { x: A4.width - MARGIN, y: y + 9 },
      thickness: 0.5,
      color: GREY,
    });
  };

  cell(words.title, 0, width, 18, { bold: true });
  y -= 24;
  cell(words.period, 0, 90, 10, { color: GREY });
  cell(`${statement.from} – ${statement.to}`, 95, 200, 10);
  y -= 14;
  cell(words.generated, 0, 90, 10, { color: GREY });
  cell(statement.generatedAt.replace('T', ' ').slice(0, 19), 95, 200, 10);
  cell(words.utc, 300, width - 300, 9, { color: GREY });
  y -= 28;

  // Holdings: opening, in, out, closing per token.
  cell(words.holdings, 0, width, 13, { bold: true });
  y -= 18;
  const holdingColumns = [
    { x: 0, w: 135 },
    { x: 135, w: 95 },
    { x: 230, w: 95 },
    { x: 325, w: 95 },
    { x: 420, w: width - 420 },
  ];
  [words.token, words.opening, words.in, words.out, words.closing].forEach((label, i) =>
    cell(label, holdingColumns[i]!.x, holdingColumns[i]!.w, 9, { bold: true, end: i > 0 }),
  );
  y -= 14;
  if (statement.holdings.length === 0) {
    cell(words.noHoldings, 0, width, 9, { color: GREY });
    y -= 14;
  }
  for (const holding of statement.holdings) {
    newPageIfBelow(14);
    rule();
    const { decimals, symbol, name } = holding.token;
    const figures = [holding.opening, holding.in, holding.out, holding.closing];
    cell(`${symbol} · ${name}`, holdingColumns[0]!.x, holdingColumns[0]!.w, 9);
    figures.forEach((amount, i) =>
      cell(units(amount, decimals), holdingColumns[i + 1]!.x, holdingColumns[i + 1]!.w, 9, { end: true }),
    );
    y -= 14;
  }
  const agrees = statement.holdings.every(
    (holding) => holding.chainNow === null || holding.chainNow === holding.bookedNow,
  );
  if (statement.holdings.length > 0) {
    y -= 4;
    cell(agrees ? words.chainAgrees : words.chainDiffers, 0, width, 8, { color: GREY });
    y -= 12;
  }
  y -= 16;

  // Transactions, each with its hash on a line of its own (hashes are long).
  newPageIfBelow(40);
  cell(words.lines, 0, width, 13, { bold: true });
  y -= 18;
  const lineColumns = [
    { x: 0, w: 95 },
    { x: 95, w: 100 },
    { x: 195, w: 80 },
    { x: 275, w: 120 },
    { x: 395, w: width - 395 },
  ];
  [words.date, words.kind, words.token, words.amount, words.value].forEach((label, i) =>
    cell(label, lineColumns[i]!.x, lineColumns[i]!.w, 9, { bold: true, end: i > 2 }),
  );
  y -= 14;
  if (statement.lines.length === 0) {
    cell(words.noLines, 0, width, 9, { color: GREY });
    y -= 14;
  }
  for (const line of statement.lines) {
    newPageIfBelow(26);
    rule();
    cell(line.at.replace('T', ' ').slice(0, 16), lineColumns[0]!.x, lineColumns[0]!.w, 9);
    cell(words.kinds[line.kind] ?? line.kind, lineColumns[1]!.x, lineColumns[1]!.w, 9);
    cell(line.token.symbol, lineColumns[2]!.x, lineColumns[2]!.w, 9);
    cell(units(line.amount, line.token.decimals), lineColumns[3]!.x, lineColumns[3]!.w, 9, { end: true });
    if (line.value)
      cell(
        `${units(line.value.amount, line.value.decimals)} ${line.value.currency}`,
        lineColumns[4]!.x,
        lineColumns[4]!.w,
        9,
        { end: true },
      );
    y -= 11;
    if (line.txHash) cell(line.txHash, 0, width, 6.5, { color: GREY });
    y -= 13;
  }
  y -= 14;

  // Totals: per token the net change, per kind and currency what was paid or received.
  newPageIfBelow(40 + 14 * (statement.holdings.length + statement.values.length));
  cell(words.totals, 0, width, 13, { bold: true });
  y -= 18;
  for (const holding of statement.holdings) {
    const net = (BigInt(holding.in) - BigInt(holding.out)).toString();
    cell(holding.token.symbol, 0, 135, 9);
    cell(`${words.in} / ${words.out}`, 135, 185, 9, { color: GREY });
    cell(
      `+${units(holding.in, holding.token.decimals)} / -${units(holding.out, holding.token.decimals)} = ${units(net, holding.token.decimals)}`,
      320,
      width - 320,
      9,
      { end: true },
    );
    y -= 14;
  }
  for (const total of statement.values) {
    cell(words.kinds[total.kind] ?? total.kind, 0, 135, 9);
    cell(words.value, 135, 185, 9, { color: GREY });
    cell(`${units(total.amount, total.decimals)} ${total.currency}`, 320, width - 320, 9, { end: true });
    y -= 14;
  }
  y -= 16;
  newPageIfBelow(14);
  cell(words.footer, 0, width, 8, { color: GREY });
  return doc.save();
}

/** Helvetica's WinAnsi: characters it cannot encode (a token name in another script) become '?'. */
function winAnsi(text: string): string {
  // Control characters (C0, DEL, C1) have no glyph either.
  const printable = (code: number) => code >= 0x20 && !(code >= 0x7f && code < 0xa0) && code < 0x100;
  return [...text]
    .map((char) => (WIN_ANSI_EXTRA.has(char) || printable(char.charCodeAt(0)) ? char : '?'))
    .join('');
}
const WIN_ANSI_EXTRA = new Set([...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ']);

/** Cuts text with an ellipsis to fit `width`. */
function fit(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}
