/**
 * The PDF behind `boleto.pdfUrl` (public-api.md, Charge response): one A4 page with the slip's
 * fields and its barcode, written by hand as a minimal PDF 1.4 so the sandbox needs no PDF library.
 * Text uses the standard Helvetica fonts with WinAnsiEncoding, so Portuguese accents print.
 */
import type { Currency } from '../../contract/currencies.js';
import { isCalendarDate } from '../../contract/formats.js';
import { amountToCents, digitableLineToBarcode, formatDigitableLine } from './boleto.js';

/** A person or company named on the slip. */
export interface BoletoParty {
  readonly name: string;
  /** CPF (11 digits) or CNPJ (14 digits); printed with its usual punctuation. */
  readonly document?: string;
}

/** What the printed slip shows. */
export interface BoletoPdfInput {
  /** 47 digits, bare or grouped. */
  readonly digitableLine: string;
  /** The 44 digits the bars encode; must be the barcode of `digitableLine`. */
  readonly barcode44: string;
  /** Decimal string, e.g. `104.70`. */
  readonly amount: string;
  /** `YYYY-MM-DD`. */
  readonly dueDate: string;
  readonly beneficiary: BoletoParty;
  readonly payer: BoletoParty;
  readonly orderId: string;
  readonly currency: Currency;
}

/** A4 in points. */
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 40;
const RIGHT_COLUMN_X = 400;
const ROW_HEIGHT = 30;
/** Longest value printed on one line; longer ones are cut so they stay inside the slip. */
const MAX_VALUE_LENGTH = 80;
/** FEBRABAN barcode: narrow element 0.01 in (0.72 pt), wide = 3 narrow, 13 mm high. */
const NARROW_BAR_POINTS = 0.72;
const WIDE_TO_NARROW = 3;
const BAR_HEIGHT_POINTS = 37;

/** Interleaved 2 of 5: each digit is five elements, two of them wide (`w`). */
const ITF_DIGIT_PATTERNS = ['nnwwn', 'wnnnw', 'nwnnw', 'wwnnn', 'nnwnw', 'wnwnn', 'nwwnn', 'nnnww', 'wnnwn', 'nwnwn'];
const ITF_START = [1, 1, 1, 1];
const ITF_STOP = [WIDE_TO_NARROW, 1, 1];

/** Windows-1252 bytes 0x80–0x9F that WinAnsiEncoding prints; Latin-1 covers the rest. */
const WIN_ANSI_EXTRAS: Record<string, number> = {
  '€': 0x80, '‚': 0x82, 'ƒ': 0x83, '„': 0x84, '…': 0x85, '†': 0x86, '‡': 0x87, 'ˆ': 0x88, '‰': 0x89,
  'Š': 0x8a, '‹': 0x8b, 'Œ': 0x8c, 'Ž': 0x8e, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95,
  '–': 0x96, '—': 0x97, '˜': 0x98, '™': 0x99, 'š': 0x9a, '›': 0x9b, 'œ': 0x9c, 'ž': 0x9e, 'Ÿ': 0x9f,
};

/**
 * Bar and space widths, in narrow units, of the ITF symbol of `digits`: start, then each pair
 * with the first digit in the bars and the second in the spaces, then stop. Starts with a bar.
 */
function interleaved2of5Widths(digits: string): number[] {
  if (!/^(\d\d)+$/.test(digits)) throw new Error('ITF codifica um número par de dígitos.');
  const widths = [...ITF_START];
  for (let index = 0; index < digits.length; index += 2) {
    const bars = ITF_DIGIT_PATTERNS[Number(digits[index])]!;
    const spaces = ITF_DIGIT_PATTERNS[Number(digits[index + 1])]!;
    for (let element = 0; element < 5; element += 1) {
      widths.push(bars[element] === 'w' ? WIDE_TO_NARROW : 1, spaces[element] === 'w' ? WIDE_TO_NARROW : 1);
    }
  }
  return [...widths, ...ITF_STOP];
}

/** A PDF literal string in WinAnsi bytes: `\`, `(`, `)` escaped, bytes above 0x7F as octal, so the file stays ASCII. */
function pdfText(text: string): string {
  let escaped = '';
  for (const character of text.replace(/[\u0000-\u001f\u007f]/g, ' ')) {
    const code = character.charCodeAt(0);
    const byte = code <= 0x7e || (code >= 0xa0 && code <= 0xff) ? code : (WIN_ANSI_EXTRAS[character] ?? 0x3f);
    if (character === '\\' || character === '(' || character === ')') escaped += `\\${character}`;
    else escaped += byte > 0x7e ? `\\${byte.toString(8).padStart(3, '0')}` : String.fromCharCode(byte);
  }
  return `(${escaped})`;
}

function points(value: number): string {
  return value.toFixed(2);
}

function textAt(font: 'F1' | 'F2', size: number, x: number, y: number, text: string): string {
  return `BT /${font} ${size} Tf ${points(x)} ${points(y)} Td ${pdfText(text)} Tj ET`;
}

function line(x1: number, y1: number, x2: number, y2: number): string {
  return `${points(x1)} ${points(y1)} m ${points(x2)} ${points(y2)} l S`;
}

function clipped(text: string): string {
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

/** `R$ 1.234,56` for reais; other currencies by their ISO code. Built from the amount's text, never a float. */
function formatMoney(amount: string, currency: Currency): string {
  const cents = amountToCents(amount).replace(/^0+/, '').padStart(3, '0');
  const units = cents.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, '.');
  return `${currency === 'BRL' ? 'R$' : currency} ${units},${cents.slice(-2)}`;
}

function formatParty(party: BoletoParty): string {
  const document = party.document ?? '';
  const punctuated = /^\d{11}$/.test(document)
    ? document.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4')
    : /^\d{14}$/.test(document)
      ? document.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5')
      : document;
  return punctuated ? `${party.name} (${punctuated})` : party.name;
}

/** One labelled box of the slip: small label on top, value below. */
function field(label: string, value: string, x: number, top: number): string[] {
  return [textAt('F1', 7, x + 3, top - 9, label), textAt('F1', 10, x + 3, top - 23, clipped(value))];
}

/** The barcode as filled black rectangles, one per bar. */
function barcodeOperations(barcode44: string, left: number, bottom: number): string[] {
  const rectangles: string[] = [];
  let units = 0;
  interleaved2of5Widths(barcode44).forEach((width, index) => {
    if (index % 2 === 0) {
      // Integer units times 0.72 pt have two decimals at most: the printed widths are exact.
      rectangles.push(
        `${points(left + units * NARROW_BAR_POINTS)} ${points(bottom)} ${points(width * NARROW_BAR_POINTS)} ${points(BAR_HEIGHT_POINTS)} re`,
      );
    }
    units += width;
  });
  return ['0 g', ...rectangles, 'f'];
}

function pageContent(input: BoletoPdfInput): string {
  const [year, month, day] = input.dueDate.split('-');
  const right = PAGE_WIDTH - MARGIN;
  const top = 730;
  const leftColumn: Array<[string, string]> = [
    ['Local de pagamento', 'Pagável somente no sandbox'],
    ['Beneficiário', formatParty(input.beneficiary)],
    ['Número do pedido', input.orderId],
    ['Instruções', 'SANDBOX — sem valor. Nenhum banco recebe este boleto.'],
    ['Pagador', formatParty(input.payer)],
  ];
  const rightColumn: Array<[string, string]> = [
    ['Vencimento', `${day}/${month}/${year}`],
    ['Valor do documento', formatMoney(input.amount, input.currency)],
    ['Moeda', input.currency],
  ];
  const rowTop = (row: number) => top - row * ROW_HEIGHT;
  const slipBottom = rowTop(leftColumn.length);
  return [
    // Light grey watermark in the empty lower half of the page, clear of the bars so scanners read them.
    'q 0.85 g',
    'BT /F2 56 Tf 0.866 0.5 -0.5 0.866 120 300 Tm (SANDBOX) Tj ET',
    'Q',
    textAt('F2', 16, MARGIN, 790, 'Boleto bancário'),
    textAt('F2', 12, MARGIN, 770, 'SANDBOX — sem valor'),
    textAt('F1', 9, MARGIN, 756, 'Documento de teste emitido pelo sandbox do pay-checkout. Não pague.'),
    '0.8 w',
    line(MARGIN, top + 24, right, top + 24),
    textAt('F2', 14, MARGIN + 3, top + 6, `Banco ${input.barcode44.slice(0, 3)}`),
    textAt('F2', 12, MARGIN + 110, top + 6, formatDigitableLine(input.digitableLine)),
    ...leftColumn.map((_, row) => line(MARGIN, rowTop(row), right, rowTop(row))),
    line(MARGIN, slipBottom, right, slipBottom),
    line(RIGHT_COLUMN_X, top, RIGHT_COLUMN_X, rowTop(rightColumn.length)),
    ...leftColumn.flatMap(([label, value], row) => field(label, value, MARGIN, rowTop(row))),
    ...rightColumn.flatMap(([label, value], row) => field(label, value, RIGHT_COLUMN_X, rowTop(row))),
    ...barcodeOperations(input.barcode44, MARGIN, slipBottom - 20 - BAR_HEIGHT_POINTS),
  ].join('\n');
}

/**
 * Writes the objects (object `n` is `bodies[n - 1]`) with a header, a cross-reference table of
 * exact byte offsets and a trailer. Every body is ASCII, so a character is a byte.
 */
function writePdf(bodies: readonly string[], rootObject: number, infoObject: number): Uint8Array {
  // The comment of four bytes above 0x7F tells transfer tools the file is binary (PDF 1.4, 3.4.1).
  let file = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets = bodies.map((body, index) => {
    const offset = file.length;
    file += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xrefOffset = file.length;
  file += `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`;
  file += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  file += `trailer\n<< /Size ${bodies.length + 1} /Root ${rootObject} 0 R /Info ${infoObject} 0 R >>\n`;
  file += `startxref\n${xrefOffset}\n%%EOF`;
  return Uint8Array.from(file, (character) => character.charCodeAt(0));
}

/**
 * The boleto as a one-page PDF 1.4. Throws when the barcode is not the digitable line's, or the
 * amount or due date is malformed.
 */
export function renderBoletoPdf(input: BoletoPdfInput): Uint8Array {
  if (digitableLineToBarcode(input.digitableLine) !== input.barcode44) {
    throw new Error('O código de barras não corresponde à linha digitável.');
  }
  if (!isCalendarDate(input.dueDate)) throw new Error(`Data de vencimento inválida: "${input.dueDate}".`);
  const content = pageContent(input);
  const font = (name: string) => `<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding >>`;
  return writePdf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
        '/Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
      font('Helvetica'),
      font('Helvetica-Bold'),
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
      `<< /Title ${pdfText(`Boleto do pedido ${input.orderId}`)} /Producer (pay-checkout sandbox) >>`,
    ],
    1,
    7,
  );
}
