import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInUser } from '../../../../test/helpers/auth';
import { addToCart, checkout } from '../../../../test/helpers/commerce';
import { pdfText } from '../../../../test/helpers/pdf-text';
import { deliverSignedEvent, useStripeFake, type SignedEvent, type StripeFake } from '../../../../test/helpers/stripe-fake';
import { createCourse, createTeacher } from '../../db/factories';
import { invoices, orders } from '../../db/schema';

const SECRET_KEY = 'sk_test_marketplace_tax';
const WEBHOOK_SECRET = 'whsec_marketplace_tax_secret';

/** What the buyer typed on Stripe's page, and the tax Stripe Tax added: the session as Stripe completes it. */
function completeWithTax(fake: StripeFake, sessionId: string, amountTax: number) {
  const session = fake.session(sessionId);
  session.customer_details = {
    name: 'Ñandú Formación S.L.',
    email: 'compras@example.com',
    address: { line1: 'Calle de Alcalá 10', line2: null, postal_code: '28014', city: 'Madrid', state: null, country: 'ES' },
    tax_ids: [{ type: 'eu_vat', value: 'ESB12345678' }],
  };
  session.total_details = { amount_discount: 0, amount_shipping: 0, amount_tax: amountTax };
  session.amount_total = session.amount_subtotal + amountTax;
}

describe('billing details and Stripe Tax at checkout (STRIPE_TAX=true)', () => {
  const { fake, env } = useStripeFake(SECRET_KEY, WEBHOOK_SECRET);
  const ctx = useTestApp(() => ({ ...env, STRIPE_TAX: 'true' }));

  const deliver = (event: SignedEvent) => deliverSignedEvent(ctx.app, event);

  async function openCheckout() {
    const teacher = await createTeacher(ctx.db);
    const course = await createCourse(ctx.db, { ownerId: teacher, title: 'Fotografía nocturna', priceCents: 5000 });
    const user = await signedInUser(ctx.app);
    await addToCart(ctx.app, user, course.id);
    const { orderId } = await checkout(ctx.app, user);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    return { user, order: order! };
  }

  it('asks Stripe for the tax ID, the billing address and automatic tax', async () => {
    await openCheckout();
    const create = fake.requests.find((request) => request.path === '/v1/checkout/sessions')!;
    expect(create.body).toMatchObject({ tax_id_collection: { enabled: 'true' }, billing_address_collection: 'auto', automatic_tax: { enabled: 'true' } });
  });

  it('grants on the amount plus the reported tax, stores the billing details and tax, and the invoice prints them', async () => {
    const { user, order } = await openCheckout();
    completeWithTax(fake, order.providerSessionId!, 1050);
    expect((await deliver(fake.pay(order.providerSessionId!))).json().outcome).toBe('fulfilled');

    const [paid] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(paid).toMatchObject({
      paymentStatus: 'paid',
      amountTotal: 5000,
      taxCents: 1050,
      billingDetails: { name: 'Ñandú Formación S.L.', address: ['Calle de Alcalá 10', '28014 Madrid', 'ES'], taxIds: [{ type: 'eu_vat', value: 'ESB12345678' }] },
    });
    const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(invoice!.totalCents).toBe(6050);

    const pdf = await ctx.app.inject({ method: 'GET', url: `/api/orders/${order.id}/invoice.pdf`, headers: user.headers });
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Ñandú Formación S.L.');
    expect(text).toContain('NIF/CIF: ESB12345678');
    expect(text).toContain('$10.50 USD');
    expect(text).toContain('$60.50 USD');
  });

  it('never grants on less than the amount plus the tax, nor on a tax that does not add up', async () => {
    const { order } = await openCheckout();
    completeWithTax(fake, order.providerSessionId!, 1050);
    fake.session(order.providerSessionId!).amount_total = 5000;
    expect((await deliver(fake.pay(order.providerSessionId!))).json().outcome).toBe('ignored');
    const [unpaid] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(unpaid).toMatchObject({ paymentStatus: 'unpaid', taxCents: 0, billingDetails: null });
    expect(await ctx.db.select().from(invoices)).toEqual([]);
  });
});
