import { quizLimits } from '../../../shared/limits';
import { questionDefinition, type QuestionDefinition } from '../../../shared/schemas/quizzes';

/**
 * Moodle's GIFT text format, read into the quiz's question model and written out of it.
 *
 * A small hand-written reader rather than the `gift-pegjs` package: that one is a generated
 * PEG.js 0.10 parser (CommonJS, unmaintained generator) that stops at the first syntax error,
 * while an import here must go on past a bad question and name every problem with its line, and
 * map only what the model holds. The reader is linear in its input (every scan moves forward,
 * no regular expression can backtrack over a user's text), so a hostile file costs its length.
 *
 * What is read (and decided where GIFT and the model differ):
 * - Questions are separated by blank lines; `//` comment lines and `$CATEGORY:` lines are skipped.
 * - `::Title::` becomes a bold first line of the prompt, unless the prompt is empty (then it is
 *   the prompt) or already starts with it (Moodle names questions after their text).
 * - `[markdown]`, `[plain]`, `[moodle]`: the text is kept as Markdown; `[html]`: tags are stripped
 *   to text (HTML never passes through) and a note says so.
 * - `{=a ~b}` single; several `=` with `~` multiple all-or-nothing; any `%weight%` multiple with
 *   partial credit (right = weight > 0; a note when the right weights differ, the model shares
 *   the credit evenly), except one 100 % answer and no negative weight, which is single.
 * - `{T}` `{TRUE}` `{F}` `{FALSE}` true-false; `{=a =b}` (only `=`) short answer.
 * - `{#3.14:0.01}`, `{#1..5}` (middle ± half width), `{#=3.14:0.01 =%50%3:0.5}` (the first 100 %
 *   answer; a note about the others) numeric.
 * - Matching (`=a -> 1`, with no `~`, as Moodle tells them), essays (`{}`), descriptions (no answers) and several blanks are not in the
 *   model: a problem, the question skipped. Text after the answers (GIFT's missing word) makes
 *   the prompt "before _____ after".
 * - General feedback (after the last `####`, as Moodle reads it) is the explanation; per-answer feedback is appended to it as a
 *   list ("- answer: feedback"), or dropped with a note if that would make it too long.
 * - GIFT has no points: every question is worth 1. Ids are `q1`, `q2`… by order in the file, and
 *   `q1c1`, `q1c2`… for a question's choices or items.
 * - Ordering has no GIFT syntax, nor has all-or-nothing scoring. The writer puts a comment line
 *   `// type: ordering` or `// type: all-or-nothing` right before such a question, which other
 *   systems skip and this reader obeys: an ordering question's items in order as `=` answers
 *   (elsewhere, a short answer), an all-or-nothing one weighted like a partial one but for a
 *   wrong pick costing -100 % (elsewhere, Moodle's nearest: several answers, a wrong one costs all).
 *
 * Problems carry a message key (`gift.…`, texts in `giftProblemTexts` for the catalogues) and the
 * line where the question starts. `formatGift` writes the prompt as `[markdown]`, every special
 * character escaped and newlines as `\n`, no title and no points, the explanation as general
 * feedback: reading it back gives the same questions, but for ids and points.
 */

export type GiftProblem = { line: number; message: GiftProblemKey };
export type GiftReadResult = { questions: QuestionDefinition[]; problems: GiftProblem[] };

/** The problems a GIFT text can have, with their English text (the catalogues translate the keys). */
export const giftProblemTexts = {
  'gift.unsupportedMatching': 'Matching questions are not supported; this question was skipped.',
  'gift.unsupportedEssay': 'Essay questions (empty answers {}) are not supported; this question was skipped.',
  'gift.unsupportedDescription': 'Text without answers (a description) is not a question; it was skipped.',
  'gift.unsupportedSeveralBlanks': 'A question with more than one answer block is not supported; it was skipped.',
  'gift.unclosedTitle': 'The title (::…::) is not closed; this question was skipped.',
  'gift.unclosedAnswers': 'The answers ({…}) are not closed; this question was skipped.',
  'gift.unrecognizedAnswers': 'The answers could not be read; this question was skipped.',
  'gift.noCorrectAnswer': 'No answer is marked right (=); this question was skipped.',
  'gift.tooFewChoices': 'A question needs at least two choices or items; this question was skipped.',
  'gift.tooManyChoices': 'This question has too many choices or answers; it was skipped.',
  'gift.textTooLong': 'A text of this question is too long; it was skipped.',
  'gift.emptyText': 'A text of this question is empty; it was skipped.',
  'gift.invalidQuestion': 'This question is not valid; it was skipped.',
  'gift.htmlStripped': 'HTML was turned into plain text; check the formatting.',
  'gift.weightsApproximated': "The right answers' weights differ; each right answer now earns an equal share.",
  'gift.extraAnswersDropped': 'Only the fully right answer was kept; the partly right ones were dropped.',
  'gift.feedbackDropped': "The answers' feedback was too long for the explanation and was dropped.",
  'gift.tooManyQuestions': 'The text has more questions than a quiz may have; the rest were not read.',
  'gift.tooManyProblems': 'More problems were found than are listed.',
} as const;
export type GiftProblemKey = keyof typeof giftProblemTexts;

/** Problems listed at most; past that one `gift.tooManyProblems` says there were more. */
const MAX_PROBLEMS = 100;

/** Comment lines the writer puts before questions that GIFT has no syntax for. */
const TYPE_MARKER = /^\/\/\s*type:\s*(ordering|all-or-nothing)\s*$/i;
const FORMAT_MARKER = /^\[(html|markdown|plain|moodle)\]/i;
const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;
const WEIGHT = /^%(-?(?:\d+\.?\d*|\.\d+))%/;

type Block = { line: number; text: string; marker: 'ordering' | 'all-or-nothing' | null };

/** The text's questions: runs of non-blank lines, without comment and category lines. */
function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  let lines: string[] = [];
  let start = 0;
  let marker: Block['marker'] = null;
  const flush = () => {
    if (lines.length > 0) blocks.push({ line: start, text: lines.join('\n'), marker });
    lines = [];
    marker = null;
  };
  const all = text.split('\n');
  for (const [index, line] of all.entries()) {
    const trimmed = line.trim();
    if (trimmed === '') {
      flush();
      continue;
    }
    if (trimmed.startsWith('//')) {
      // Only a marker right before the question's text counts.
      const found = lines.length === 0 ? TYPE_MARKER.exec(trimmed) : null;
      if (found) marker = found[1]!.toLowerCase() as 'ordering' | 'all-or-nothing';
      continue;
    }
    if (lines.length === 0 && /^\$CATEGORY:/i.test(trimmed)) continue;
    if (lines.length === 0) start = index + 1;
    lines.push(line);
  }
  flush();
  return blocks;
}

/** Where `target` last occurs in `text`, not escaped by a backslash; -1 if nowhere. */
function lastIndexOfUnescaped(text: string, target: string): number {
  let found = -1;
  for (let index = 0; index < text.length; index++) {
    if (text[index] === '\\') index++;
    else if (text.startsWith(target, index)) found = index;
  }
  return found;
}

/** Where `target` first occurs in `text` from `from`, not escaped by a backslash; -1 if nowhere. */
function indexOfUnescaped(text: string, target: string, from = 0): number {
  for (let index = from; index < text.length; index++) {
    if (text[index] === '\\') index++;
    else if (text.startsWith(target, index)) return index;
  }
  return -1;
}

/**
 * GIFT's escapes undone: `\~ \= \# \{ \} \: \\` and `\n` for a new line; any other backslash
 * stays. In answers, also `\%` `\[` `\>`, which the writer uses where an answer's text would
 * otherwise read as a weight, a format or a matching arrow.
 */
function unescapeGift(text: string, inAnswers = false): string {
  let out = '';
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char !== '\\' || index + 1 >= text.length) {
      out += char;
      continue;
    }
    const next = text[index + 1]!;
    if ('~=#{}:\\'.includes(next) || (inAnswers && '%[>'.includes(next))) {
      out += next;
      index++;
    } else if (next === 'n') {
      out += '\n';
      index++;
    } else out += char;
  }
  return out;
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", nbsp: ' ', gt: '>', lt: '\\<' };

/** HTML as text: tags dropped (paragraphs and breaks as new lines), entities decoded, no `<` left that Markdown would read as a tag. */
function htmlToText(html: string): string {
  let out = '';
  let index = 0;
  while (index < html.length) {
    const open = html.indexOf('<', index);
    if (open < 0) break;
    const close = html.indexOf('>', open + 1);
    if (close < 0) break;
    out += html.slice(index, open);
    const tag = html.slice(open + 1, Math.min(close, open + 12)).toLowerCase();
    if (/^(br|\/p|p[\s>]|p$|\/div|\/li|\/h\d)/.test(tag)) out += '\n';
    index = close + 1;
  }
  out += html.slice(index);
  return out
    .replace(/<(?=[A-Za-z/!?])/g, '\\<')
    .replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,6});/gi, (entity, name: string) => {
      if (name.startsWith('#')) {
        const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
        if (code === 60) return '\\<';
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\n{3,}/g, '\n\n');
}

type Context = { notes: Set<GiftProblemKey>; format: Format };

type Format = 'html' | 'markdown' | 'plain' | 'moodle';

/**
 * A text unescaped and in the question's format, or (an answer or feedback) in the one its own leading marker names:
 * HTML stripped to text, the others kept as Markdown.
 */
function readFormatted(raw: string, context: Context, inAnswers: boolean, format: Format): string {
  const trimmed = raw.trimStart();
  // The prompt's marker was read with the title: a second one is text.
  const marker = inAnswers ? FORMAT_MARKER.exec(trimmed) : null;
  const text = unescapeGift(marker ? trimmed.slice(marker[0].length) : trimmed, inAnswers);
  if ((marker ? marker[1]!.toLowerCase() : format) === 'html') {
    context.notes.add('gift.htmlStripped');
    return htmlToText(text).trim();
  }
  return text.trim();
}

type Segment = { kind: '=' | '~'; weight: number | null; raw: string; feedback: string | null };

/** `=a#fb ~%50%b` as its answers; null when text precedes the first `=` or `~`, 'too many' past `max` answers. */
function segmentsOf(body: string, max = Infinity): Segment[] | null | 'too many' {
  const starts: number[] = [];
  for (let index = 0; index < body.length; index++) {
    if (body[index] === '\\') index++;
    else if (body[index] === '=' || body[index] === '~') starts.push(index);
  }
  if (starts.length === 0 || body.slice(0, starts[0]).trim() !== '') return null;
  if (starts.length > max) return 'too many';
  return starts.map((start, position) => {
    const part = body.slice(start + 1, position + 1 < starts.length ? starts[position + 1] : body.length);
    const rest = part.trimStart();
    const weight = WEIGHT.exec(rest);
    const text = weight ? rest.slice(weight[0].length) : rest;
    const hash = indexOfUnescaped(text, '#');
    return {
      kind: body[start] as '=' | '~',
      weight: weight ? Number(weight[1]) : null,
      raw: hash < 0 ? text : text.slice(0, hash),
      feedback: hash < 0 ? null : text.slice(hash + 1),
    };
  });
}

const isMatching = (segment: Segment) => indexOfUnescaped(segment.raw, '->') >= 0;

/** `3.14:0.01`, `1..5` or `3` as answer and tolerance; null when it is not one of these. */
function numericAnswer(raw: string): { answer: number; tolerance: number } | null {
  const text = unescapeGift(raw).trim();
  const range = text.indexOf('..');
  if (range > 0) {
    const low = text.slice(0, range).trim();
    const high = text.slice(range + 2).trim();
    if (!NUMBER.test(low) || !NUMBER.test(high)) return null;
    const [a, b] = [Number(low), Number(high)];
    const answer = (a + b) / 2;
    const tolerance = Math.abs(b - a) / 2;
    return Number.isFinite(answer) && Number.isFinite(tolerance) ? { answer, tolerance } : null;
  }
  const colon = text.indexOf(':');
  const value = (colon < 0 ? text : text.slice(0, colon)).trim();
  const margin = colon < 0 ? '0' : text.slice(colon + 1).trim();
  if (!NUMBER.test(value) || !NUMBER.test(margin)) return null;
  const answer = Number(value);
  const tolerance = Math.abs(Number(margin));
  return Number.isFinite(answer) && Number.isFinite(tolerance) ? { answer, tolerance } : null;
}

/** What an answer block makes, before ids, prompt and explanation are added. */
type Answers =
  | { type: 'single' | 'multiple'; scoring?: 'all-or-nothing' | 'partial'; choices: Array<{ text: string; correct: boolean }> }
  | { type: 'true-false'; correct: boolean }
  | { type: 'short-answer'; acceptedAnswers: string[] }
  | { type: 'numeric'; answer: number; tolerance: number }
  | { type: 'ordering'; items: string[] };
type ReadAnswers = { answers: Answers; feedback: string[] } | { problem: GiftProblemKey };

function readAnswers(body: string, marker: Block['marker'], context: Context): ReadAnswers {
  // As Moodle: the general feedback follows the last ####.
  const general = lastIndexOfUnescaped(body, '####');
  const rest = (general < 0 ? body : body.slice(0, general)).trim();
  if (rest === '') return { problem: 'gift.unsupportedEssay' };
  const feedback: string[] = [];
  const addFeedback = (label: string | null, raw: string | null) => {
    const text = raw === null ? '' : readFormatted(raw, context, true, context.format);
    if (text !== '') feedback.push(label === null ? `- ${text}` : `- ${label}: ${text}`);
  };

  // True-false: T, TRUE, F or FALSE, then the feedback for a wrong and for a right answer.
  const hash = indexOfUnescaped(rest, '#');
  const head = (hash < 0 ? rest : rest.slice(0, hash)).trim().toUpperCase();
  if (['T', 'TRUE', 'F', 'FALSE'].includes(head)) {
    const tail = hash < 0 ? '' : rest.slice(hash + 1);
    const second = indexOfUnescaped(tail, '#');
    if (hash >= 0) {
      addFeedback(null, second < 0 ? tail : tail.slice(0, second));
      if (second >= 0) addFeedback(null, tail.slice(second + 1));
    }
    return { answers: { type: 'true-false', correct: head.startsWith('T') }, feedback };
  }

  if (rest.startsWith('#')) {
    const numeric = rest.slice(1).trim();
    if (!numeric.startsWith('=') && !numeric.startsWith('~')) {
      const own = indexOfUnescaped(numeric, '#');
      const value = numericAnswer(own < 0 ? numeric : numeric.slice(0, own));
      if (!value) return { problem: 'gift.unrecognizedAnswers' };
      if (own >= 0) addFeedback(null, numeric.slice(own + 1));
      return { answers: { type: 'numeric', ...value }, feedback };
    }
    const segments = segmentsOf(numeric, quizLimits.choicesMax);
    if (segments === 'too many') return { problem: 'gift.tooManyChoices' };
    const right = segments?.find((segment) => segment.kind === '=' && (segment.weight === null || segment.weight === 100));
    if (!segments || !right) return { problem: segments ? 'gift.noCorrectAnswer' : 'gift.unrecognizedAnswers' };
    const value = numericAnswer(right.raw);
    if (!value) return { problem: 'gift.unrecognizedAnswers' };
    if (segments.length > 1) context.notes.add('gift.extraAnswersDropped');
    addFeedback(null, right.feedback);
    return { answers: { type: 'numeric', ...value }, feedback };
  }

  const segments = segmentsOf(rest, Math.max(quizLimits.choicesMax, quizLimits.acceptedAnswersMax));
  if (segments === 'too many') return { problem: 'gift.tooManyChoices' };
  if (!segments) return { problem: 'gift.unrecognizedAnswers' };
  const texts = segments.map((segment) => readFormatted(segment.raw, context, true, context.format));
  const onlyRight = segments.every((segment) => segment.kind === '=');
  const weighted = segments.some((segment) => segment.weight !== null);
  segments.forEach((segment, index) => addFeedback(texts[index]!, segment.feedback));

  if (marker === 'ordering' && onlyRight && !weighted) return { answers: { type: 'ordering', items: texts }, feedback };
  // As Moodle: with no ~, an arrow makes a matching question.
  if (onlyRight && segments.some(isMatching)) return { problem: 'gift.unsupportedMatching' };
  if (onlyRight && marker !== 'all-or-nothing') {
    const accepted = texts.filter((_, index) => segments[index]!.weight === null || segments[index]!.weight === 100);
    if (accepted.length === 0) return { problem: 'gift.noCorrectAnswer' };
    if (accepted.length < texts.length) context.notes.add('gift.extraAnswersDropped');
    return { answers: { type: 'short-answer', acceptedAnswers: accepted }, feedback };
  }

  const weights = segments.map((segment) => segment.weight ?? (segment.kind === '=' ? 100 : 0));
  const choices = texts.map((text, index) => ({ text, correct: weights[index]! > 0 }));
  const right = weights.filter((weight) => weight > 0);
  if (right.length === 0) return { problem: 'gift.noCorrectAnswer' };
  if (marker === 'all-or-nothing') return { answers: { type: 'multiple', scoring: 'all-or-nothing', choices }, feedback };
  if (weighted) {
    if (right.length === 1 && right[0] === 100 && weights.every((weight) => weight >= 0)) {
      return { answers: { type: 'single', choices }, feedback };
    }
    if (right.some((weight) => Math.abs(weight - right[0]!) > 0.01)) context.notes.add('gift.weightsApproximated');
    return { answers: { type: 'multiple', scoring: 'partial', choices }, feedback };
  }
  if (right.length === 1) return { answers: { type: 'single', choices }, feedback };
  return { answers: { type: 'multiple', scoring: 'all-or-nothing', choices }, feedback };
}

/** The model's complaint about a question, as a problem key. */
function problemOf(issues: Array<{ code: string; path: PropertyKey[]; message: string }>): GiftProblemKey {
  const issue = issues[0]!;
  const list = ['choices', 'items', 'acceptedAnswers'].includes(String(issue.path[0])) && issue.path.length === 1;
  if (issue.code === 'too_big') return list ? 'gift.tooManyChoices' : 'gift.textTooLong';
  if (issue.code === 'too_small') return list ? 'gift.tooFewChoices' : 'gift.emptyText';
  if (issue.message === 'validation.quizSingleOneCorrect' || issue.message === 'validation.quizMultipleSomeCorrect') return 'gift.noCorrectAnswer';
  return 'gift.invalidQuestion';
}

const normalizeSpaces = (text: string) => text.replace(/\s+/g, ' ').trim();

/** One block as a question (with id `q<number>`), or the problem that stops it; notes go to `context`. */
function readQuestion(block: Block, number: number, context: Context): QuestionDefinition | GiftProblemKey {
  let text = block.text.trimStart();
  let title = '';
  if (text.startsWith('::')) {
    const end = indexOfUnescaped(text, '::', 2);
    if (end < 0) return 'gift.unclosedTitle';
    title = normalizeSpaces(unescapeGift(text.slice(2, end)));
    text = text.slice(end + 2);
  }
  // A format marker starts the text (after the title) and holds for its answers and feedback too.
  text = text.trimStart();
  const format = FORMAT_MARKER.exec(text);
  if (format) {
    context.format = format[1]!.toLowerCase() as Format;
    text = text.slice(format[0].length);
  }
  const open = indexOfUnescaped(text, '{');
  if (open < 0) return 'gift.unsupportedDescription';
  const close = indexOfUnescaped(text, '}', open + 1);
  if (close < 0) return 'gift.unclosedAnswers';
  const after = text.slice(close + 1);
  if (indexOfUnescaped(after, '{') >= 0) return 'gift.unsupportedSeveralBlanks';

  const read = readAnswers(text.slice(open + 1, close), block.marker, context);
  if ('problem' in read) return read.problem;

  // The answers may sit in the middle of the text (missing word).
  const before = text.slice(0, open);
  const promptRaw = after.trim() === '' ? before : `${before.trimEnd()} _____ ${after.trimStart()}`;
  let prompt = readFormatted(promptRaw, context, false, context.format);
  if (title !== '') {
    if (prompt === '') prompt = title;
    else if (!normalizeSpaces(prompt).startsWith(title)) prompt = `**${title.replace(/[\\*_]/g, '\\$&')}**\n\n${prompt}`;
  }

  const general = lastIndexOfUnescaped(text.slice(open + 1, close), '####');
  const generalText = general < 0 ? '' : readFormatted(text.slice(open + 1, close).slice(general + 4), context, true, context.format);
  let explanation = [generalText, read.feedback.join('\n')].filter((part) => part !== '').join('\n\n');
  if (explanation.length > quizLimits.explanationMax && generalText.length <= quizLimits.explanationMax) {
    context.notes.add('gift.feedbackDropped');
    explanation = generalText;
  }

  const id = `q${number}`;
  const base = { id, prompt, points: 1, explanation: explanation === '' ? null : explanation };
  const answers = read.answers;
  const candidate =
    answers.type === 'single' || answers.type === 'multiple'
      ? {
          ...base,
          type: answers.type,
          ...(answers.scoring ? { scoring: answers.scoring } : {}),
          choices: answers.choices.map((choice, index) => ({ id: `${id}c${index + 1}`, ...choice })),
        }
      : answers.type === 'ordering'
        ? { ...base, type: 'ordering', items: answers.items.map((item, index) => ({ id: `${id}c${index + 1}`, text: item })) }
        : { ...base, ...answers };
  const parsed = questionDefinition.safeParse(candidate);
  return parsed.success ? parsed.data : problemOf(parsed.error.issues);
}

/**
 * Reads a GIFT text into questions. Never throws: what cannot become a valid question is a
 * problem with its line, and at most `quizLimits.questionsMax` questions are read.
 */
export function parseGift(text: string): GiftReadResult {
  const normalized = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const questions: QuestionDefinition[] = [];
  const problems: GiftProblem[] = [];
  const report = (line: number, message: GiftProblemKey) => {
    if (problems.length < MAX_PROBLEMS) problems.push({ line, message });
    else if (problems.length === MAX_PROBLEMS) problems.push({ line, message: 'gift.tooManyProblems' });
  };
  for (const block of blocksOf(normalized)) {
    if (questions.length >= quizLimits.questionsMax) {
      report(block.line, 'gift.tooManyQuestions');
      break;
    }
    const context: Context = { notes: new Set(), format: 'moodle' };
    const question = readQuestion(block, questions.length + 1, context);
    if (typeof question === 'string') report(block.line, question);
    else {
      questions.push(question);
      for (const note of context.notes) report(block.line, note);
    }
  }
  return { questions, problems };
}

/** A text with GIFT's special characters escaped and its new lines as `\n`, on one line. */
function escapeGift(text: string, inAnswers: boolean, onlyRight = false): string {
  let out = text
    .replace(/\r\n?/g, '\n')
    .replace(/[\\~=#{}:]/g, '\\$&')
    .replace(/\n/g, '\\n');
  if (inAnswers) {
    // Answers that are all = would read as matching with an arrow.
    if (onlyRight) out = out.replace(/->/g, '-\\>');
    if (out.startsWith('%') || FORMAT_MARKER.test(out)) out = `\\${out}`;
  }
  return out;
}

/** A weight as Moodle writes it: at most 5 decimals. */
const weight = (value: number) => String(Number(value.toFixed(5)));

/**
 * The questions as a GIFT text, one per paragraph. Points are not written (GIFT has none), nor
 * ids; the explanation is the general feedback; multiple choice is weighted (right answers share
 * 100 %, a wrong one costs a share, or all with all-or-nothing); ordering and all-or-nothing
 * questions get their `// type:` comment line (see above). A carriage return is written as a new line.
 */
export function formatGift(questions: QuestionDefinition[]): string {
  return questions
    .map((question) => {
      const answer = (text: string, onlyRight = false) => escapeGift(text, true, onlyRight);
      let marker = '';
      let answers: string;
      switch (question.type) {
        case 'single':
          answers = question.choices.map((choice) => `${choice.correct ? '=' : '~'}${answer(choice.text)}`).join(' ');
          break;
        case 'multiple':
          {
            // Weights, for Moodle to make it a question with several answers; all or nothing is our
            // marker's, and a wrong pick costing all is Moodle's nearest to it.
            const share = 100 / question.choices.filter((choice) => choice.correct).length;
            const wrong = question.scoring === 'all-or-nothing' ? -100 : -share;
            if (question.scoring === 'all-or-nothing') marker = '// type: all-or-nothing\n';
            answers = question.choices.map((choice) => `~%${weight(choice.correct ? share : wrong)}%${answer(choice.text)}`).join(' ');
          }
          break;
        case 'true-false':
          answers = question.correct ? 'T' : 'F';
          break;
        case 'short-answer':
          answers = question.acceptedAnswers.map((text) => `=${answer(text, true)}`).join(' ');
          break;
        case 'numeric':
          answers = `#${question.answer}:${question.tolerance}`;
          break;
        case 'ordering':
          marker = '// type: ordering\n';
          answers = question.items.map((item) => `=${answer(item.text, true)}`).join(' ');
          break;
      }
      const general = question.explanation === null ? '' : `####${escapeGift(question.explanation, true)}`;
      return `${marker}[markdown]${escapeGift(question.prompt, false)} {${answers}${general}}\n`;
    })
    .join('\n');
}
