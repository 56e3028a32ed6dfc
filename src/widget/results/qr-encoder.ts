/**
 * A QR code encoder (ISO/IEC 18004) cut to what the Pix view draws: the text in byte mode as
 * UTF-8, error correction level M, the smallest version that holds it, the mask with the lowest
 * penalty. A BR Code needs nothing more, and a general-purpose library (segment optimisation,
 * Kanji, renderers) made the chunk a Pix charge downloads five times larger. qr-code.ts loads
 * this file on demand. The facts (tables, polynomials, placement) are the standard's; the
 * comments name the part of it each function follows.
 */

/** A QR symbol: `size` × `size` modules, dark or light. */
export interface QrModules {
  readonly size: number;
  isDark(row: number, column: number): boolean;
}

/** Error correction codewords per block at level M, versions 1–40 (the error correction characteristics table). */
const EC_CODEWORDS_PER_BLOCK = [
  10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
  26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
];

/** Error correction blocks at level M, versions 1–40 (same table). */
const EC_BLOCKS = [
  1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
  17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
];

/** A module of the matrix: bit 0 dark, bit 1 part of a function pattern (never masked, never data). */
const DARK = 1;
const FUNCTION = 2;

/**
 * The eight data mask patterns on row i and column j, as bit k for pattern k: where one holds, a
 * data module is inverted. In the standard's words: 0 (i + j) mod 2 = 0; 1 i mod 2 = 0;
 * 2 j mod 3 = 0; 3 (i + j) mod 3 = 0; 4 (⌊i / 2⌋ + ⌊j / 3⌋) mod 2 = 0; 5 (i j) mod 2 + (i j) mod 3 = 0;
 * 6 ((i j) mod 2 + (i j) mod 3) mod 2 = 0; 7 ((i + j) mod 2 + (i j) mod 3) mod 2 = 0.
 */
function maskPatterns(i: number, j: number): number {
  const sum = i + j;
  const product = i * j;
  return (
    +(sum % 2 === 0) |
    (+(i % 2 === 0) << 1) |
    (+(j % 3 === 0) << 2) |
    (+(sum % 3 === 0) << 3) |
    (+(((i >> 1) + Math.floor(j / 3)) % 2 === 0) << 4) |
    (+((product % 2) + (product % 3) === 0) << 5) |
    (+(((product % 2) + (product % 3)) % 2 === 0) << 6) |
    (+(((sum % 2) + (product % 3)) % 2 === 0) << 7)
  );
}

/** Codewords (data and error correction) a version holds: its modules less the function patterns', over 8. */
function totalCodewords(version: number): number {
  const size = 17 + 4 * version;
  const alignments = version < 2 ? 0 : Math.floor(version / 7) + 2;
  const functionModules =
    3 * 64 + // finders with their separators
    2 * (size - 16) + // timing patterns, between the separators
    31 + // format information twice, and the dark module
    (alignments && 25 * (alignments * alignments - 3) - 10 * (alignments - 2)) + // alignment patterns (none on the finders), less the timing modules they cover
    (version < 7 ? 0 : 36); // version information twice
  return Math.floor((size * size - functionModules) / 8);
}

/** Data codewords a version holds at level M. */
function dataCapacity(version: number): number {
  return totalCodewords(version) - EC_CODEWORDS_PER_BLOCK[version - 1]! * EC_BLOCKS[version - 1]!;
}

/** The byte mode character count: 8 bits up to version 9, 16 from version 10. */
const countBits = (version: number) => (version < 10 ? 8 : 16);

/** The smallest version whose data capacity holds `length` bytes in byte mode; a RangeError past version 40. */
function smallestVersion(length: number): number {
  for (let version = 1; version <= 40; version += 1) {
    if (4 + countBits(version) + 8 * length <= 8 * dataCapacity(version)) return version;
  }
  throw new RangeError(`Text of ${length} bytes does not fit a QR code at error correction level M.`);
}

/** The data codewords (data encodation): mode, count, the bytes, terminator, then pad codewords up to the capacity. */
function dataCodewords(bytes: Uint8Array, version: number): Uint8Array {
  const capacity = dataCapacity(version);
  const codewords = new Uint8Array(capacity);
  let bit = 0;
  const append = (value: number, length: number) => {
    for (let shift = length - 1; shift >= 0; shift -= 1, bit += 1) codewords[bit >> 3]! |= ((value >> shift) & 1) << (7 - (bit & 7));
  };
  append(0b0100, 4);
  append(bytes.length, countBits(version));
  for (const byte of bytes) append(byte, 8);
  // The stream is now 4 bits past a byte boundary and the capacity is whole bytes: the 4-bit
  // terminator (zeros, as the array starts) always fits and ends on the boundary.
  for (let index = (bit + 4) >> 3, pad = 0xec; index < capacity; index += 1, pad ^= 0xec ^ 0x11) codewords[index] = pad;
  return codewords;
}

/**
 * Powers of α = 2 in GF(256) modulo x⁸ + x⁴ + x³ + x² + 1 (0x11d), the field of QR error
 * correction, written twice so that a sum of two logarithms needs no modulo; and their logarithms.
 */
const EXP = new Uint8Array(510);
const LOG = new Uint8Array(256);
for (let power = 0, value = 1; power < 255; power += 1, value = (value << 1) ^ (value & 0x80 ? 0x11d : 0)) {
  EXP[power] = EXP[power + 255] = value;
  LOG[value] = power;
}

/** Product in GF(256), through the logarithms: the encoder makes thousands for a Pix code. */
function gfMultiply(a: number, b: number): number {
  return a && b && EXP[LOG[a]! + LOG[b]!]!;
}

/** The Reed–Solomon generator of `degree` codewords, (x − α⁰)(x − α¹)…(x − α^(degree−1)), highest term first. */
function generatorPolynomial(degree: number): number[] {
  let polynomial = [1];
  for (let i = 0, root = 1; i < degree; i += 1, root = gfMultiply(root, 2)) {
    // Times (x + root): subtraction is addition (XOR) in GF(256).
    const factor = polynomial;
    polynomial = [...factor, 0].map((coefficient, j) => coefficient ^ (j > 0 ? gfMultiply(factor[j - 1]!, root) : 0));
  }
  return polynomial;
}

/** A block's error correction codewords: the remainder of block · x^degree divided by the generator. */
function errorCorrection(block: Uint8Array, generator: number[]): Uint8Array {
  const degree = generator.length - 1;
  const remainder = new Uint8Array(degree);
  for (const codeword of block) {
    const factor = codeword ^ remainder[0]!;
    remainder.copyWithin(0, 1);
    remainder[degree - 1] = 0;
    for (let j = 0; j < degree; j += 1) remainder[j]! ^= gfMultiply(generator[j + 1]!, factor);
  }
  return remainder;
}

/** Appends codeword i of every block in turn to `sequence`; blocks come shortest first, so the last is the longest. */
function interleave(blocks: Uint8Array[], sequence: number[]): void {
  for (let i = 0; i < blocks[blocks.length - 1]!.length; i += 1) {
    for (const block of blocks) if (i < block.length) sequence.push(block[i]!);
  }
}

/**
 * The final message codeword sequence: the data cut into the version's blocks, each followed by its
 * error correction, data then error correction interleaved.
 */
function finalCodewords(data: Uint8Array, version: number): number[] {
  const blocks = EC_BLOCKS[version - 1]!;
  const generator = generatorPolynomial(EC_CODEWORDS_PER_BLOCK[version - 1]!);
  // The blocks share the data evenly; the last `data.length % blocks` (the second group) hold one codeword more.
  const shortLength = Math.floor(data.length / blocks);
  const firstLong = blocks - (data.length % blocks);
  const dataBlocks: Uint8Array[] = [];
  for (let block = 0, start = 0; block < blocks; block += 1) {
    const end = start + shortLength + (block >= firstLong ? 1 : 0);
    dataBlocks.push(data.subarray(start, end));
    start = end;
  }
  const sequence: number[] = [];
  interleave(dataBlocks, sequence);
  interleave(dataBlocks.map((block) => errorCorrection(block, generator)), sequence);
  return sequence;
}

/** `data` followed by its BCH check bits: the remainder of data · x^degree divided by `generator` over GF(2). */
function withBch(data: number, generator: number, degree: number): number {
  let remainder = data << degree;
  // Format and version information are at most 18 bits long.
  for (let bit = 17; bit >= degree; bit -= 1) {
    if ((remainder >> bit) & 1) remainder ^= generator << (bit - degree);
  }
  return (data << degree) | remainder;
}

/** The rows and columns of the alignment pattern centres (the annex that lists them): from 6 to size − 7, even steps. */
function alignmentPositions(version: number, size: number): number[] {
  if (version < 2) return [];
  const count = Math.floor(version / 7) + 2;
  // The smallest even step that spans the distance; version 32's table entry is the one exception.
  const step = version === 32 ? 26 : 2 * Math.ceil((size - 13) / (2 * (count - 1)));
  return [6, ...Array.from({ length: count - 1 }, (_, i) => size - 7 - (count - 2 - i) * step)];
}

/** Sets a module of a function pattern. */
function setFunction(matrix: Uint8Array, size: number, row: number, column: number, dark: boolean): void {
  matrix[row * size + column] = FUNCTION | (dark ? DARK : 0);
}

/**
 * Format information: level M (00) and the mask, BCH(15,5) coded and XORed with
 * 101010000010010, twice: around the top-left finder, and split below the bottom-left and
 * beside the top-right ones. Also the dark module beside the second copy.
 */
function drawFormatInformation(matrix: Uint8Array, size: number, mask: number): void {
  const bits = withBch(mask, 0x537, 10) ^ 0x5412;
  for (let i = 0; i < 15; i += 1) {
    const dark = ((bits >> i) & 1) === 1;
    // Bits 0–7 down column 8, 8–14 leftwards along row 8, both skipping the timing patterns.
    if (i < 8) setFunction(matrix, size, i < 6 ? i : i + 1, 8, dark);
    else setFunction(matrix, size, 8, i < 9 ? 7 : 14 - i, dark);
    // Bits 0–7 leftwards along row 8 from the right edge, 8–14 down column 8 to the bottom edge.
    if (i < 8) setFunction(matrix, size, 8, size - 1 - i, dark);
    else setFunction(matrix, size, size - 15 + i, 8, dark);
  }
  setFunction(matrix, size, size - 8, 8, true);
}

/** The function patterns of a version, every other module left light and free for data. */
function functionPatterns(version: number, size: number): Uint8Array {
  const matrix = new Uint8Array(size * size);
  // A square of `radius` rings around a centre, each ring dark or light; what falls outside the symbol is left out.
  const square = (row: number, column: number, radius: number, darkRing: (ring: number) => boolean) => {
    for (let r = Math.max(0, row - radius); r <= Math.min(size - 1, row + radius); r += 1) {
      for (let c = Math.max(0, column - radius); c <= Math.min(size - 1, column + radius); c += 1) {
        setFunction(matrix, size, r, c, darkRing(Math.max(Math.abs(r - row), Math.abs(c - column))));
      }
    }
  };
  // Finders: a dark 3 × 3 centre, light ring, dark ring; the light separator ring around them.
  for (const [row, column] of [[3, 3], [3, size - 4], [size - 4, 3]] as const) {
    square(row, column, 4, (ring) => ring !== 2 && ring !== 4);
  }
  // Alignment patterns: a dark centre, light ring, dark ring; none where a finder already is.
  const positions = alignmentPositions(version, size);
  for (const row of positions) {
    for (const column of positions) {
      if (!(matrix[row * size + column]! & FUNCTION)) square(row, column, 2, (ring) => ring !== 1);
    }
  }
  // Timing patterns: row 6 and column 6 alternate between the separators, dark on even indexes
  // (which agrees with the alignment patterns they cross).
  for (let i = 8; i < size - 8; i += 1) {
    setFunction(matrix, size, 6, i, i % 2 === 0);
    setFunction(matrix, size, i, 6, i % 2 === 0);
  }
  // Reserved here, drawn again for each mask tried.
  drawFormatInformation(matrix, size, 0);
  // Version information, from version 7: 6 bits BCH(18,6) coded, a 6 × 3 block beside the
  // top-right finder and its transpose above the bottom-left one.
  if (version >= 7) {
    const bits = withBch(version, 0x1f25, 12);
    for (let i = 0; i < 18; i += 1) {
      const dark = ((bits >> i) & 1) === 1;
      setFunction(matrix, size, Math.floor(i / 3), size - 11 + (i % 3), dark);
      setFunction(matrix, size, size - 11 + (i % 3), Math.floor(i / 3), dark);
    }
  }
  return matrix;
}

/**
 * Places the codewords' bits (symbol character placement): two-column strips from the right edge, alternately upwards
 * and downwards, right column first, around the function patterns and skipping column 6. The
 * modules left after the last codeword (remainder bits) stay light.
 */
function placeCodewords(matrix: Uint8Array, size: number, codewords: number[]): void {
  let bit = 0;
  let upwards = true;
  for (let right = size - 1; right > 0; right -= 2, upwards = !upwards) {
    if (right === 6) right = 5;
    for (let step = 0; step < size; step += 1) {
      const row = upwards ? size - 1 - step : step;
      for (let column = right; column >= right - 1; column -= 1) {
        const index = row * size + column;
        if (matrix[index]! & FUNCTION) continue;
        matrix[index] = ((codewords[bit >> 3] ?? 0) >> (7 - (bit & 7))) & 1;
        bit += 1;
      }
    }
  }
}

/**
 * The penalty of a masked symbol (evaluation of data masking results): the four rules' points added
 * up; the lowest wins. Plain index arithmetic, no call per module: it runs eight times per code,
 * usually once per page, before the code can be drawn.
 */
function penalty(matrix: Uint8Array, size: number): number {
  let points = 0;
  let darkCount = 0;
  for (let line = 0; line < size; line += 1) {
    // Row `line` (one module apart), then column `line` (a row apart).
    for (let step = 1, start = line * size; step <= size; step += size - 1, start = line) {
      let run = 0;
      let window = 0;
      let previous = -1;
      for (let k = 0, index = start; k < size; k += 1, index += step) {
        const module = matrix[index]! & DARK;
        if (step === 1) {
          darkCount += module;
          // Rule 2: 3 points for each 2 × 2 block of one colour, counted at its bottom-right module.
          if (line > 0 && k > 0 && module === (matrix[index - size]! & DARK) && module === previous && module === (matrix[index - size - 1]! & DARK)) {
            points += 3;
          }
        }
        // Rule 1: 3 points for five modules of one colour in a row or column, 1 more for each further one.
        run = module === previous ? run + 1 : 1;
        previous = module;
        if (run >= 5) points += run === 5 ? 3 : 1;
        // Rule 3: 40 points for each dark-light-dark-dark-dark-light-dark (1:1:3:1:1), a finder's
        // look, with four light modules after or before it, over the last 11 modules.
        window = ((window << 1) | module) & 0x7ff;
        if (k >= 10 && (window === 0b10111010000 || window === 0b00001011101)) points += 40;
      }
    }
  }
  // Rule 4: 10 points for each full 5 % the dark share strays from half.
  return points + 10 * Math.floor(Math.abs(20 * darkCount - 10 * size * size) / (size * size));
}

/**
 * Encodes `text` (as UTF-8, in byte mode) as a QR symbol at level M, in the smallest version
 * that holds it. Throws a RangeError when it does not fit version 40.
 */
export function encodeQrSymbol(text: string): QrModules {
  const bytes = new TextEncoder().encode(text);
  const version = smallestVersion(bytes.length);
  const size = 17 + 4 * version;
  const unmasked = functionPatterns(version, size);
  placeCodewords(unmasked, size, finalCodewords(dataCodewords(bytes, version), version));
  // Which patterns invert each module: none on a function pattern's.
  const inverted = new Uint8Array(size * size);
  for (let row = 0, index = 0; row < size; row += 1) {
    for (let column = 0; column < size; column += 1, index += 1) {
      if (!(unmasked[index]! & FUNCTION)) inverted[index] = maskPatterns(row, column);
    }
  }
  let best = unmasked;
  let bestPenalty = Infinity;
  for (let mask = 0; mask < 8; mask += 1) {
    const masked = unmasked.slice();
    for (let index = 0; index < masked.length; index += 1) masked[index]! ^= (inverted[index]! >> mask) & DARK;
    drawFormatInformation(masked, size, mask);
    const points = penalty(masked, size);
    if (points < bestPenalty) [best, bestPenalty] = [masked, points];
  }
  return { size, isDark: (row, column) => (best[row * size + column]! & DARK) === DARK };
}
