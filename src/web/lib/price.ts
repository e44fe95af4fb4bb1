/** A price in cents as the spec writes it: 1999 → "19.99", 2000 → "20". */
export const priceAmount = (priceCents: number) => (priceCents % 100 === 0 ? String(priceCents / 100) : (priceCents / 100).toFixed(2));
