import { describe, expect, it } from 'vitest';
import type { Language } from '../../shared/languages';
import { renderTestCheckoutPage } from './test-checkout-page';
import type { TestCheckoutSession } from './test-provider';

const view: TestCheckoutSession = {
  session: { id: 'cs_test_1', orderId: 'order-1', status: 'open', paymentStatus: 'unpaid', amountTotal: 1999, currency: 'usd', paymentId: null, url: null },
  expiresAt: new Date('2999-01-01T00:00:00Z'),
  lines: [{ courseId: 1, title: 'Python', unitAmountCents: 1999, imageUrl: null }],
  successUrl: 'http://localhost/formpage/success',
  cancelUrl: 'http://localhost/formpage/failed',
};

const render = (lang: Language) =>
  renderTestCheckoutPage({ lang, view, message: 'card_declined', fields: { expiry: 'expiryInvalid' }, action: '/pay' });

describe('the test payment page', () => {
  it('speaks one language throughout: labels, placeholders and messages', () => {
    const spanish = render('es');
    expect(spanish).toContain('<html lang="es">');
    expect(spanish).toContain('Vencimiento (MM/AA)');
    expect(spanish).toContain('placeholder="MM/AA"');
    expect(spanish).toContain('Tu tarjeta fue rechazada. Prueba con otra tarjeta.');
    expect(spanish).toContain('Escribe el vencimiento como MM/AA.');
    for (const english of ['MM/YY', 'declined', 'Card', 'shop', '>Pay ']) expect(spanish).not.toContain(english);

    const english = render('en');
    expect(english).toContain('<html lang="en">');
    expect(english).toContain('placeholder="MM/YY"');
    expect(english).toContain('Your card was declined. Try another card.');
    expect(english).toContain('Cancel and return to the cart');
    for (const spanishWord of ['MM/AA', 'tarjeta', 'carrito', 'Pagar']) expect(english).not.toContain(spanishWord);
  });
});
