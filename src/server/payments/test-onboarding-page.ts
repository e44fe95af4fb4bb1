import type { Language } from '../../shared/languages';
import { escapeHtml } from '../web/head';
import type { TestOnboardingView } from './test-connect';
import { testPageStyles } from './test-checkout-page';

/**
 * The test provider's hosted onboarding page (what Stripe's Express onboarding is in
 * production): plain server-rendered HTML with two forms and no script, where the tester
 * approves the teacher's payout account or rejects it.
 */

const text = {
  en: {
    title: 'Payout account setup',
    merchant: 'Cursos Online',
    testMode: 'TEST MODE',
    testModeNote: 'No real account is opened and no money moves. Approve to let this teacher receive transfers, or reject to see an account the provider holds back for more details.',
    account: 'Account',
    email: 'E-mail',
    approve: 'Approve',
    reject: 'Reject',
    approveHelp: 'The account is enabled: transfers can land.',
    rejectHelp: 'The account is restricted: the provider asks for an identity document.',
    notFound: 'This onboarding link does not exist.',
  },
  es: {
    title: 'Alta de la cuenta de cobros',
    merchant: 'Cursos Online',
    testMode: 'MODO DE PRUEBA',
    testModeNote: 'No se abre ninguna cuenta real ni se mueve dinero. Aprueba para que este profesor pueda recibir transferencias, o rechaza para ver una cuenta que el proveedor retiene hasta tener más datos.',
    account: 'Cuenta',
    email: 'Correo electrónico',
    approve: 'Aprobar',
    reject: 'Rechazar',
    approveHelp: 'La cuenta queda habilitada: puede recibir transferencias.',
    rejectHelp: 'La cuenta queda restringida: el proveedor pide un documento de identidad.',
    notFound: 'Este enlace de alta no existe.',
  },
} satisfies Record<Language, Record<string, string>>;

const pageStyles = `.actions{display:flex;gap:1rem;flex-wrap:wrap}.actions form{flex:1;min-width:12rem}.actions p{margin:.5rem 0 0;font-size:.95rem}
button.reject{background:#fff;color:#7a0016;border:2px solid #b00020}dl{margin:0}dt{font-weight:600}dd{margin:0 0 .5rem;overflow-wrap:anywhere}`;

export function renderTestOnboardingPage({ lang, view, action }: { lang: Language; view: TestOnboardingView | null; action: string }): string {
  const t = text[lang];
  const decision = (name: 'approve' | 'reject', help: string) =>
    `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="decision" value="${name}"><button type="submit"${name === 'reject' ? ' class="reject"' : ''}>${escapeHtml(t[name])}</button><p>${escapeHtml(help)}</p></form>`;
  const body = view
    ? `<section class="card" aria-labelledby="account-title"><h2 id="account-title">${escapeHtml(t.account)}</h2>
<dl><dt>${escapeHtml(t.account)}</dt><dd>${escapeHtml(view.account.id)}</dd><dt>${escapeHtml(t.email)}</dt><dd>${escapeHtml(view.account.email ?? '')}</dd></dl>
<div class="actions">${decision('approve', t.approveHelp)}${decision('reject', t.rejectHelp)}</div></section>`
    : `<div class="alert" role="alert">${escapeHtml(t.notFound)}</div>`;
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(`${t.testMode} · ${t.title} · ${t.merchant}`)}</title>
<style>${testPageStyles}${pageStyles}</style>
</head>
<body>
<header class="banner" role="banner"><strong>${escapeHtml(t.testMode)}</strong><span>${escapeHtml(t.testModeNote)}</span></header>
<main>
<h1>${escapeHtml(t.merchant)} · ${escapeHtml(t.title)}</h1>
${body}
</main>
</body>
</html>`;
}
