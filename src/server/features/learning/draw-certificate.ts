import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import { formatWatchedDuration } from '../../../shared/certificate-code';
import { localeOf, type Language } from '../../../shared/languages';
import type { Certificate } from '../../../shared/schemas/certificates';
import { certificateTexts } from './certificate-texts';

/**
 * Draws a certificate of completion as a PDF (A4, landscape) in the certificate's language,
 * from what it froze at issue. It runs in the certificates' PDF worker (./pdf.ts says why).
 * The fonts are DejaVu Sans, shipped in assets/fonts, embedded as subsets so accents and ñ
 * print on every reader (as the invoices do); the font loading is the invoices' own, repeated
 * here because one feature does not import another's code.
 */

/** The project's folder: the nearest one above this module with a package.json (src/server/… in development, dist/server/ built). */
function projectRoot(): string {
  let folder = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(folder, 'package.json'))) {
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error('certificates: no package.json above the server code');
    folder = parent;
  }
  return folder;
}

let fonts: { regular: Buffer; bold: Buffer } | undefined;
/** Read once per worker: every PDF embeds a subset of them. */
const loadFonts = () =>
  (fonts ??= {
    regular: readFileSync(path.join(projectRoot(), 'assets/fonts/DejaVuSans.ttf')),
    bold: readFileSync(path.join(projectRoot(), 'assets/fonts/DejaVuSans-Bold.ttf')),
  });

const siteName = (language: Language) => certificateTexts(language)('brand', { ns: 'common' });

const INK = '#1f2937';
const ACCENT = '#1c4e80';
const MUTED = '#6b7280';

/** `verificationUrl`: the certificate's public page, printed for anyone who holds the paper. */
export function drawCertificate(certificate: Certificate, verificationUrl: string): Promise<Buffer> {
  const language = certificate.language;
  const t = certificateTexts(language);
  const date = new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(certificate.issuedAt));

  const pdf = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    info: { Title: `${t('pdf.title')}: ${certificate.courseTitle}`, Author: siteName(language), Subject: `${certificate.learnerName} · ${certificate.code}` },
    lang: language,
    displayTitle: true,
  });
  const { regular, bold } = loadFonts();
  pdf.registerFont('regular', regular);
  pdf.registerFont('bold', bold);

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const { width, height } = pdf.page;
  // A double frame: a strong outer rule and a fine inner one.
  pdf.lineWidth(3).strokeColor(ACCENT).rect(24, 24, width - 48, height - 48).stroke();
  pdf.lineWidth(0.75).strokeColor(ACCENT).rect(34, 34, width - 68, height - 68).stroke();

  const left = 80;
  const textWidth = width - 2 * left;
  const centred = (text: string, font: 'regular' | 'bold', size: number, color: string, gap = 0) => {
    pdf.font(font).fontSize(size).fillColor(color).text(text, left, pdf.y + gap, { width: textWidth, align: 'center' });
  };

  pdf.y = 70;
  centred(siteName(language).toUpperCase(), 'bold', 11, MUTED);
  centred(t('pdf.title'), 'bold', 32, ACCENT, 18);
  // A short rule under the title.
  const ruleY = pdf.y + 14;
  pdf.lineWidth(1).strokeColor(ACCENT).moveTo(width / 2 - 60, ruleY).lineTo(width / 2 + 60, ruleY).stroke();
  pdf.y = ruleY;

  centred(t('pdf.awardedTo'), 'regular', 14, INK, 26);
  centred(certificate.learnerName, 'bold', 30, INK, 10);
  centred(t('pdf.completed'), 'regular', 14, INK, 14);
  centred(certificate.courseTitle, 'bold', 22, ACCENT, 10);
  centred(t('pdf.taughtBy', { name: certificate.teacherName }), 'regular', 13, INK, 10);
  // What the server saw; certificates issued before it was recorded state nothing of it.
  if (certificate.lessonsCompleted !== null && certificate.videoSecondsWatched !== null) {
    centred(t('pdf.evidence', { count: certificate.lessonsCompleted, duration: formatWatchedDuration(certificate.videoSecondsWatched) }), 'regular', 11, MUTED, 14);
  }
  // What the course's rules required, as met at issue; certificates issued before rules existed state nothing of it.
  const percent = new Intl.NumberFormat(localeOf(language), { style: 'percent' });
  const achieved = [
    certificate.achievements?.quizzes.length ? `${t('page.quizzes')}: ${certificate.achievements.quizzes.map((quiz) => `${quiz.title} (${percent.format(quiz.percent / 100)})`).join(', ')}` : null,
    certificate.achievements?.assignments.length ? `${t('page.assignments')}: ${certificate.achievements.assignments.map((assignment) => assignment.title).join(', ')}` : null,
    certificate.finalScore !== null ? `${t('page.finalScore')}: ${percent.format(certificate.finalScore / 100)}` : null,
  ].filter((line) => line !== null);
  if (achieved.length) {
    // Bounded above the foot: a long list of quizzes ends in an ellipsis rather than overprinting the date and code.
    pdf.font('regular').fontSize(10).fillColor(MUTED).text(achieved.join(' · '), left, pdf.y + 8, { width: textWidth, align: 'center', height: Math.max(14, height - 150 - (pdf.y + 8)), ellipsis: true });
  }

  // The foot: the date on the left, the code on the right, how to verify it in the middle.
  const footY = height - 140;
  const column = 200;
  const fact = (x: number, label: string, value: string, align: 'left' | 'right') => {
    pdf.font('regular').fontSize(10).fillColor(MUTED).text(label.toUpperCase(), x, footY, { width: column, align });
    pdf.font('bold').fontSize(13).fillColor(INK).text(value, x, undefined, { width: column, align });
  };
  fact(left, t('pdf.date'), date, 'left');
  fact(width - left - column, t('pdf.code'), certificate.code, 'right');
  pdf.font('regular').fontSize(9).fillColor(MUTED).text(t('pdf.verifyAt'), left, height - 88, { width: textWidth, align: 'center' });
  pdf.font('regular').fontSize(9).fillColor(ACCENT).text(verificationUrl, left, undefined, { width: textWidth, align: 'center', link: verificationUrl });

  pdf.end();
  return done;
}
