import type { Language } from '../../shared/languages';
import { formatMoney } from '../../shared/money';
import { paths } from '../../shared/paths';

export type OrderLine = { title: string; priceCents: number };

/** What each kind of e-mail carries in the outbox; rendered with PUBLIC_URL when it is sent. */
export type MailData = {
  'verify-email': { token: string };
  'approve-email-change': { token: string; newEmail: string };
  'confirm-new-email': { token: string; newEmail: string };
  'password-reset': { token: string };
  receipt: { orderId: string; amountTotal: number; items: OrderLine[] };
  refund: { orderId: string; amountTotal: number; items: OrderLine[] };
  'new-sale': { orderId: string; items: OrderLine[] };
};
export type MailKind = keyof MailData;

export type RenderedMail = { subject: string; text: string; html: string; link: string };

/** Paths of the web app the e-mails link to (the reset and verification pages read `?token=`). */
export const mailLinkPaths = {
  resetPassword: paths.resetPassword(),
  verifyEmail: paths.verifyEmail(),
  approveEmailChange: paths.approveEmailChange(),
  confirmEmailChange: paths.confirmEmailChange(),
} as const;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** As the web app shows prices (spec section 9): "$19.99 USD", and "GRATIS"/"FREE" for zero. */
const money = (cents: number, language: Language) => (cents === 0 ? (language === 'es' ? 'GRATIS' : 'FREE') : formatMoney(cents, language));

/** Order numbers are the first block of the order's id in capitals, as the order history shows them. */
export const orderNumber = (orderId: string) => orderId.slice(0, 8).toUpperCase();

type Body = { subject: string; greeting: string; paragraphs: string[]; lines?: { label: string; value: string }[]; action: { label: string; link: string }; footer: string };

const copy = {
  es: {
    greeting: 'Hola:',
    footer: 'Cursos Online',
    ignore: 'Si no lo pediste tú, ignora este mensaje: nada cambia.',
    verifyEmail: {
      subject: 'Confirma tu correo electrónico',
      body: 'Gracias por crear tu cuenta en Cursos Online. Confirma que este correo es tuyo con el enlace de abajo (vale 24 horas).',
      action: 'Confirmar mi correo',
    },
    approveEmailChange: {
      subject: '¿Cambiar el correo de tu cuenta?',
      body: (email: string) =>
        `Alguien con acceso a tu cuenta de Cursos Online pidió cambiar su correo a ${email}. Nada cambia si no lo apruebas con el enlace de abajo (vale 1 hora y sirve una sola vez); después tendremos que confirmar también la nueva dirección.`,
      notYou: 'Si no fuiste tú, no abras el enlace y cambia tu contraseña: eso cancela el pedido y cierra las demás sesiones.',
      action: 'Aprobar el cambio',
    },
    confirmNewEmail: {
      subject: 'Confirma tu nuevo correo electrónico',
      body: (email: string) => `Pediste usar ${email} en tu cuenta de Cursos Online. El cambio se hace cuando abras el enlace de abajo (vale hasta una hora después del pedido y sirve una sola vez).`,
      action: 'Confirmar el nuevo correo',
    },
    passwordReset: {
      subject: 'Restablece tu contraseña',
      body: 'Recibimos un pedido para restablecer la contraseña de tu cuenta. El enlace de abajo vale 1 hora y sirve una sola vez; al usarlo se cierran todas tus sesiones.',
      action: 'Elegir una contraseña nueva',
    },
    receipt: {
      subject: (number: string) => `Tu compra ${number} en Cursos Online`,
      body: (number: string) => `¡Gracias por tu compra! Este es el recibo del pedido ${number}. Tus cursos ya te esperan en «Mis cursos».`,
      total: 'Total',
      action: 'Ir a mis cursos',
    },
    refund: {
      subject: (number: string) => `Reembolso del pedido ${number}`,
      body: (number: string) => `Reembolsamos el pedido ${number}. Los cursos de este pedido ya no están en «Mis cursos»; el dinero vuelve a tu tarjeta en unos días.`,
      total: 'Reembolsado',
      action: 'Ver mis cursos',
    },
    newSale: {
      subject: '¡Vendiste un curso!',
      body: (number: string) => `Alguien compró tus cursos en el pedido ${number}.`,
      action: 'Ver mis cursos creados',
    },
  },
  en: {
    greeting: 'Hello,',
    footer: 'Cursos Online',
    ignore: "If you did not ask for this, ignore this message: nothing changes.",
    verifyEmail: {
      subject: 'Confirm your e-mail address',
      body: 'Thank you for creating your Cursos Online account. Confirm that this address is yours with the link below (valid for 24 hours).',
      action: 'Confirm my e-mail',
    },
    approveEmailChange: {
      subject: 'Change the e-mail address of your account?',
      body: (email: string) =>
        `Someone with access to your Cursos Online account asked to change its e-mail address to ${email}. Nothing changes unless you approve it with the link below (valid for 1 hour, and it works once); then the new address must be confirmed too.`,
      notYou: 'If it was not you, do not open the link, and change your password: that cancels the request and signs out your other sessions.',
      action: 'Approve the change',
    },
    confirmNewEmail: {
      subject: 'Confirm your new e-mail address',
      body: (email: string) => `You asked to use ${email} for your Cursos Online account. The change happens when you open the link below (valid until an hour after the request, and it works once).`,
      action: 'Confirm the new e-mail',
    },
    passwordReset: {
      subject: 'Reset your password',
      body: 'We received a request to reset your account password. The link below is valid for 1 hour and works once; using it signs you out everywhere.',
      action: 'Choose a new password',
    },
    receipt: {
      subject: (number: string) => `Your Cursos Online purchase ${number}`,
      body: (number: string) => `Thank you for your purchase! This is the receipt for order ${number}. Your courses are waiting in "My courses".`,
      total: 'Total',
      action: 'Go to my courses',
    },
    refund: {
      subject: (number: string) => `Refund of order ${number}`,
      body: (number: string) => `We refunded order ${number}. Its courses are no longer in "My courses"; the money returns to your card within a few days.`,
      total: 'Refunded',
      action: 'See my courses',
    },
    newSale: {
      subject: 'You sold a course!',
      body: (number: string) => `Someone bought your courses in order ${number}.`,
      action: 'See my created courses',
    },
  },
} as const;

function bodyOf<K extends MailKind>(kind: K, data: MailData[K], language: Language, publicUrl: string): Body {
  const c = copy[language];
  const base = { greeting: c.greeting, footer: c.footer };
  const tokenLink = (path: string, token: string) => `${publicUrl}${path}?token=${encodeURIComponent(token)}`;
  switch (kind) {
    case 'verify-email': {
      const { token } = data as MailData['verify-email'];
      return { ...base, subject: c.verifyEmail.subject, paragraphs: [c.verifyEmail.body, c.ignore], action: { label: c.verifyEmail.action, link: tokenLink(mailLinkPaths.verifyEmail, token) } };
    }
    case 'approve-email-change': {
      const { token, newEmail } = data as MailData['approve-email-change'];
      return {
        ...base,
        subject: c.approveEmailChange.subject,
        paragraphs: [c.approveEmailChange.body(newEmail), c.approveEmailChange.notYou],
        action: { label: c.approveEmailChange.action, link: tokenLink(mailLinkPaths.approveEmailChange, token) },
      };
    }
    case 'confirm-new-email': {
      const { token, newEmail } = data as MailData['confirm-new-email'];
      return {
        ...base,
        subject: c.confirmNewEmail.subject,
        paragraphs: [c.confirmNewEmail.body(newEmail), c.ignore],
        action: { label: c.confirmNewEmail.action, link: tokenLink(mailLinkPaths.confirmEmailChange, token) },
      };
    }
    case 'password-reset': {
      const { token } = data as MailData['password-reset'];
      return { ...base, subject: c.passwordReset.subject, paragraphs: [c.passwordReset.body, c.ignore], action: { label: c.passwordReset.action, link: tokenLink(mailLinkPaths.resetPassword, token) } };
    }
    case 'receipt':
    case 'refund': {
      const { orderId, amountTotal, items } = data as MailData['receipt'];
      const number = orderNumber(orderId);
      const text = kind === 'receipt' ? c.receipt : c.refund;
      return {
        ...base,
        subject: text.subject(number),
        paragraphs: [text.body(number)],
        lines: [...items.map((item) => ({ label: item.title, value: money(item.priceCents, language) })), { label: text.total, value: money(amountTotal, language) }],
        action: { label: text.action, link: `${publicUrl}${paths.myCourses()}` },
      };
    }
    case 'new-sale': {
      const { orderId, items } = data as MailData['new-sale'];
      return {
        ...base,
        subject: c.newSale.subject,
        paragraphs: [c.newSale.body(orderNumber(orderId))],
        lines: items.map((item) => ({ label: item.title, value: money(item.priceCents, language) })),
        action: { label: c.newSale.action, link: `${publicUrl}${paths.coursesCreated()}` },
      };
    }
  }
  throw new Error(`unknown mail kind ${String(kind)}`);
}

/** The message in the recipient's language, as plain text and as HTML (every value escaped). */
export function renderMail<K extends MailKind>(kind: K, data: MailData[K], language: Language, publicUrl: string): RenderedMail {
  const body = bodyOf(kind, data, language, publicUrl);
  const text = [
    body.greeting,
    '',
    ...body.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(body.lines ? [...body.lines.map((line) => `- ${line.label}: ${line.value}`), ''] : []),
    `${body.action.label}: ${body.action.link}`,
    '',
    `— ${body.footer}`,
  ].join('\n');
  const lines = body.lines
    ? `<table role="presentation" cellpadding="6" style="border-collapse:collapse">${body.lines
        .map((line) => `<tr><td>${escapeHtml(line.label)}</td><td style="text-align:right">${escapeHtml(line.value)}</td></tr>`)
        .join('')}</table>`
    : '';
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(body.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1a1b1e;line-height:1.5">
<p>${escapeHtml(body.greeting)}</p>
${body.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
${lines}
<p><a href="${escapeHtml(body.action.link)}" style="display:inline-block;padding:10px 16px;background:#1864ab;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(body.action.label)}</a></p>
<p style="font-size:12px;color:#555">${escapeHtml(body.action.link)}</p>
<p>— ${escapeHtml(body.footer)}</p>
</body></html>`;
  return { subject: body.subject, text, html, link: body.action.link };
}
