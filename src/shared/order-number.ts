/**
 * The number receipts, refund mails and invoices carry for an order: the first block of its id
 * (a UUID) in capitals, "3F2A9C01". Admins search orders by it.
 */
export const orderNumber = (orderId: string) => orderId.slice(0, 8).toUpperCase();

/** What may be searched: an order number or its beginning, with or without a leading "#". */
export const orderNumberPattern = /^#?[0-9a-fA-F]{1,8}$/;

/**
 * The ids whose number starts with `prefix`, as the lowest and highest UUID: a range the
 * primary key's index answers, rather than a text match over every order.
 */
export function orderIdRange(prefix: string): { from: string; to: string } {
  const hex = prefix.replace(/^#/, '').toLowerCase();
  const asUuid = (digits: string) => `${digits.slice(0, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 16)}-${digits.slice(16, 20)}-${digits.slice(20)}`;
  return { from: asUuid(hex.padEnd(32, '0')), to: asUuid(hex.padEnd(32, 'f')) };
}
