/** Compares two whole-token amounts written as decimal strings, exactly (never through a float). */
export function compareDecimal(a: string, b: string): number {
  const [ai = '0', af = ''] = a.split('.');
  const [bi = '0', bf = ''] = b.split('.');
  const width = Math.max(af.length, bf.length);
  const left = BigInt(ai + af.padEnd(width, '0'));
  const right = BigInt(bi + bf.padEnd(width, '0'));
  return left === right ? 0 : left > right ? 1 : -1;
}

/** An amount of tokens as the rules and actions take it ("250", "0.5"). */
export const AMOUNT = /^\d+(\.\d+)?$/;
