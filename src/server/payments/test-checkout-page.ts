import { defaultLanguage, isLanguage, toLanguage, type Language } from '../../shared/languages';
import { formatMoney } from '../../shared/money';
import { escapeHtml } from '../web/head';
import type { CardField, CardInput, CardProblem } from './test-cards';
import type { TestCheckoutSession } from './test-provider';

/**
 * The test provider's hosted checkout page: plain server-rendered HTML with a form and no
 * script at all (the app's Content-Security-Policy allows none inline), so it works like a
 * provider's page the browser is sent to and back from.
 */

const text = {
  en: {
    title: 'Test checkout',
    merchant: 'Cursos Online',
    testMode: 'TEST MODE',
    testModeNote:
      'No real payment is taken. Pay with the test card 4242 4242 4242 4242, any future expiry date and any CVC. The card 4000 0000 0000 0002 is declined.',
    summary: 'Your order',
    total: 'Total',
    card: 'Card details',
    cardNumber: 'Card number',
    expiry: 'Expiry date (MM/YY)',
    expiryPlaceholder: 'MM/YY',
    cvc: 'CVC',
    pay: 'Pay',
    cancel: 'Cancel and return to the cart',
    back: 'Back to cart',
    numberInvalid: 'The card number is not valid.',
    expiryInvalid: 'Enter the expiry date as MM/YY.',
    expiryPast: 'The card has expired.',
    cvcInvalid: 'The CVC has 3 or 4 digits.',
    card_declined: 'Your card was declined. Try another card.',
    live_card_in_test_mode: 'Your card was declined: in test mode only test cards work.',
    expired: 'This checkout session has expired. Go back to the cart to start again.',
    paid: 'This checkout session is already paid.',
    notFound: 'This checkout session does not exist.',
  },
  es: {
    title: 'Pago de prueba',
    merchant: 'Cursos Online',
    testMode: 'MODO DE PRUEBA',
    testModeNote:
      'No se cobra dinero real. Paga con la tarjeta de prueba 4242 4242 4242 4242, cualquier fecha de vencimiento futura y cualquier CVC. La tarjeta 4000 0000 0000 0002 es rechazada.',
    summary: 'Tu pedido',
    total: 'Total',
    card: 'Datos de la tarjeta',
    cardNumber: 'Número de tarjeta',
    expiry: 'Vencimiento (MM/AA)',
    expiryPlaceholder: 'MM/AA',
    cvc: 'CVC',
    pay: 'Pagar',
    cancel: 'Cancelar y volver al carrito',
    back: 'Volver al carrito',
    numberInvalid: 'El número de tarjeta no es válido.',
    expiryInvalid: 'Escribe el vencimiento como MM/AA.',
    expiryPast: 'La tarjeta está vencida.',
    cvcInvalid: 'El CVC tiene 3 o 4 dígitos.',
    card_declined: 'Tu tarjeta fue rechazada. Prueba con otra tarjeta.',
    live_card_in_test_mode: 'Tu tarjeta fue rechazada: en modo de prueba solo funcionan las tarjetas de prueba.',
    expired: 'Esta sesión de pago ha vencido. Vuelve al carrito para empezar de nuevo.',
    paid: 'Esta sesión de pago ya está pagada.',
    notFound: 'Esta sesión de pago no existe.',
  },
} satisfies Record<Language, Record<string, string>>;

export type PageMessage = 'card_declined' | 'live_card_in_test_mode' | 'expired' | 'paid' | 'notFound';

export function pickLanguage(acceptLanguage: string | undefined, override?: string): Language {
  if (isLanguage(override)) return override;
  return toLanguage(acceptLanguage?.split(',')[0]) ?? defaultLanguage;
}

export const testPageStyles = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#1a1b1e;line-height:1.5}
.banner{background:#8a3b00;color:#fff;padding:.75rem 1rem;text-align:center}
.banner strong{display:block;font-size:1.1rem;letter-spacing:.08em}
main{max-width:34rem;margin:1.5rem auto;padding:0 1rem}
.card{background:#fff;border:1px solid #d0d4da;border-radius:8px;padding:1.25rem;margin-bottom:1rem}
h1{font-size:1.4rem;margin:0 0 .25rem}
h2{font-size:1.1rem;margin:0 0 .75rem}
ul{list-style:none;margin:0;padding:0}
li{display:flex;justify-content:space-between;gap:1rem;padding:.4rem 0;border-bottom:1px solid #eceef1}
.total{display:flex;justify-content:space-between;font-weight:700;padding-top:.6rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input{width:100%;font-size:1rem;padding:.6rem;border:1px solid #6b7280;border-radius:6px}
input[aria-invalid=true]{border-color:#b00020}
.row{display:flex;gap:1rem}.row>div{flex:1}
.field-error{color:#b00020;margin:.25rem 0 0;font-size:.95rem}
.alert{background:#fdecee;border:1px solid #b00020;color:#7a0016;border-radius:6px;padding:.75rem;margin-bottom:1rem}
button{margin-top:1.25rem;width:100%;font-size:1.05rem;font-weight:700;padding:.75rem;border:0;border-radius:6px;background:#1f4fd1;color:#fff;cursor:pointer}
a{color:#1f4fd1}
.cancel{display:block;text-align:center;margin-top:1rem}
`;

type RenderOptions = {
  lang: Language;
  view: TestCheckoutSession | null;
  message?: PageMessage;
  fields?: Partial<Record<CardField, CardProblem>>;
  values?: Partial<CardInput>;
  action: string;
};

function field(lang: Language, name: CardField, label: string, attrs: string, problem: CardProblem | undefined, value: string) {
  const errorId = `${name}-error`;
  const invalid = problem ? ` aria-invalid="true" aria-describedby="${errorId}"` : '';
  const error = problem ? `<p class="field-error" id="${errorId}">${escapeHtml(text[lang][problem])}</p>` : '';
  return `<div><label for="${name}">${escapeHtml(label)}</label><input id="${name}" name="${name}" required ${attrs} value="${escapeHtml(value)}"${invalid}>${error}</div>`;
}

export function renderTestCheckoutPage({ lang, view, message, fields = {}, values = {}, action }: RenderOptions): string {
  const t = text[lang];
  const money = (cents: number) => formatMoney(cents, lang, view?.session.currency ?? undefined);
  const open = view?.session.status === 'open';
  const alert = message ? `<div class="alert" role="alert">${escapeHtml(t[message])}</div>` : '';
  const summary = view
    ? `<section class="card" aria-labelledby="summary-title"><h2 id="summary-title">${escapeHtml(t.summary)}</h2><ul>${view.lines
        .map((line) => `<li><span>${escapeHtml(line.title)}</span><span>${money(line.unitAmountCents)}</span></li>`)
        .join('')}</ul><p class="total"><span>${escapeHtml(t.total)}</span><span>${money(view.session.amountTotal ?? 0)}</span></p></section>`
    : '';
  const form =
    view && open
      ? `<section class="card" aria-labelledby="card-title"><h2 id="card-title">${escapeHtml(t.card)}</h2>
<form method="post" action="${escapeHtml(action)}" novalidate>
${field(lang, 'number', t.cardNumber, 'inputmode="numeric" autocomplete="cc-number" maxlength="23" placeholder="4242 4242 4242 4242"', fields.number, values.number ?? '')}
<div class="row">
${field(lang, 'expiry', t.expiry, `inputmode="numeric" autocomplete="cc-exp" maxlength="7" placeholder="${t.expiryPlaceholder}"`, fields.expiry, values.expiry ?? '')}
${field(lang, 'cvc', t.cvc, 'inputmode="numeric" autocomplete="cc-csc" maxlength="4" placeholder="123"', fields.cvc, values.cvc ?? '')}
</div>
<button type="submit">${escapeHtml(`${t.pay} ${money(view.session.amountTotal ?? 0)}`)}</button>
</form>
<a class="cancel" href="${escapeHtml(view.cancelUrl)}">${escapeHtml(t.cancel)}</a></section>`
      : view
        ? `<p><a href="${escapeHtml(view.session.status === 'complete' ? view.successUrl : view.cancelUrl)}">${escapeHtml(t.back)}</a></p>`
        : '';
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(`${t.testMode} · ${t.title} · ${t.merchant}`)}</title>
<style>${testPageStyles}</style>
</head>
<body>
<header class="banner" role="banner"><strong>${escapeHtml(t.testMode)}</strong><span>${escapeHtml(t.testModeNote)}</span></header>
<main>
<h1>${escapeHtml(t.merchant)} · ${escapeHtml(t.title)}</h1>
${alert}
${summary}
${form}
</main>
</body>
</html>`;
}
