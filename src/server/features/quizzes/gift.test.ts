import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quizLimits } from '../../../shared/limits';
import { questionDefinition, type QuestionDefinition } from '../../../shared/schemas/quizzes';
import { formatGift, giftProblemTexts, parseGift, type GiftReadResult } from './gift';
import { GIFT_MAX_CHARS, readGiftOffThread } from './gift-thread';

/** The one question a text holds (and no problem). */
function only(text: string): QuestionDefinition {
  const { questions, problems } = parseGift(text);
  expect(problems).toEqual([]);
  expect(questions).toHaveLength(1);
  return questions[0]!;
}

const messages = (result: GiftReadResult) => result.problems.map((problem) => problem.message);

/** Every question is one the model accepts, and every problem is a known key with a line in the text. */
function expectWellFormed(result: GiftReadResult, text: string) {
  for (const question of result.questions) expect(questionDefinition.parse(question)).toEqual(question);
  const lines = text.split(/\r\n|\r|\n/).length;
  for (const problem of result.problems) {
    expect(Object.keys(giftProblemTexts)).toContain(problem.message);
    expect(problem.line).toBeGreaterThanOrEqual(1);
    expect(problem.line).toBeLessThanOrEqual(lines);
  }
  expect(result.questions.length).toBeLessThanOrEqual(quizLimits.questionsMax);
}

describe('parseGift: question types', () => {
  it('reads one right and several wrong answers as a single-choice question, with ids, 1 point and no explanation', () => {
    expect(only('Who wrote Don Quixote? {=Cervantes ~Lope de Vega ~Góngora}')).toEqual({
      id: 'q1',
      type: 'single',
      prompt: 'Who wrote Don Quixote?',
      points: 1,
      explanation: null,
      choices: [
        { id: 'q1c1', text: 'Cervantes', correct: true },
        { id: 'q1c2', text: 'Lope de Vega', correct: false },
        { id: 'q1c3', text: 'Góngora', correct: false },
      ],
    });
  });

  it('reads several = answers among ~ ones as multiple choice, all or nothing', () => {
    const question = only('Primary colours {=red =blue ~green =yellow}');
    expect(question).toMatchObject({ type: 'multiple', scoring: 'all-or-nothing' });
    expect(question.type === 'multiple' && question.choices.map((c) => c.correct)).toEqual([true, true, false, true]);
  });

  it('reads weighted answers as multiple choice with partial credit: right is a positive weight', () => {
    const question = only('Pick two {~%50%a ~%50%b ~%-100%c ~d}');
    expect(question).toMatchObject({ type: 'multiple', scoring: 'partial' });
    expect(question.type === 'multiple' && question.choices.map((c) => [c.text, c.correct])).toEqual([
      ['a', true],
      ['b', true],
      ['c', false],
      ['d', false],
    ]);
  });

  it('notes when the right weights differ (the model shares credit evenly), and not when they are equal', () => {
    const uneven = parseGift('Pick {~%70%a ~%30%b ~%-100%c}');
    expect(uneven.questions[0]).toMatchObject({ type: 'multiple', scoring: 'partial' });
    expect(uneven.problems).toEqual([{ line: 1, message: 'gift.weightsApproximated' }]);
    expect(parseGift('Pick {~%33.33333%a ~%33.33333%b ~%33.33333%c ~%-100%d}').problems).toEqual([]);
  });

  it('reads a single 100 % weight with no negative one as single choice', () => {
    expect(only('One {~%100%a ~%0%b ~c}')).toMatchObject({ type: 'single', choices: [{ correct: true }, { correct: false }, { correct: false }] });
  });

  it.each([
    ['{T}', true],
    ['{TRUE}', true],
    ['{F}', false],
    ['{FALSE}', false],
    ['{ true }', true],
    ['{f}', false],
  ])('reads %s as true-false', (answers, correct) => {
    expect(only(`The sky is blue ${answers}`)).toMatchObject({ type: 'true-false', correct });
  });

  it('reads only = answers as a short answer with its accepted answers', () => {
    expect(only('Capital of Spain? {=Madrid =madrid city}')).toMatchObject({ type: 'short-answer', acceptedAnswers: ['Madrid', 'madrid city'] });
    expect(only('One answer {=Lima}')).toMatchObject({ type: 'short-answer', acceptedAnswers: ['Lima'] });
  });

  it('keeps the fully right short answers and notes the partly right ones dropped', () => {
    const result = parseGift('Capital {=%100%Madrid =%50%Barcelona}');
    expect(result.questions[0]).toMatchObject({ type: 'short-answer', acceptedAnswers: ['Madrid'] });
    expect(messages(result)).toEqual(['gift.extraAnswersDropped']);
  });

  it('reads numeric answers: with tolerance, exact, as a range, and negative or with an exponent', () => {
    expect(only('Pi {#3.14:0.01}')).toMatchObject({ type: 'numeric', answer: 3.14, tolerance: 0.01 });
    expect(only('Two {#2}')).toMatchObject({ type: 'numeric', answer: 2, tolerance: 0 });
    expect(only('Between {#1..5}')).toMatchObject({ type: 'numeric', answer: 3, tolerance: 2 });
    expect(only('Cold {#-40:0.5}')).toMatchObject({ type: 'numeric', answer: -40, tolerance: 0.5 });
    expect(only('Avogadro {#6.022e23:1e21}')).toMatchObject({ type: 'numeric', answer: 6.022e23, tolerance: 1e21 });
  });

  it('takes the 100 % answer of several numeric ones, and notes the others', () => {
    const result = parseGift('When was Ulysses S. Grant born? {#=1822:0 =%50%1822:2}');
    expect(result.questions[0]).toMatchObject({ type: 'numeric', answer: 1822, tolerance: 0 });
    expect(result.problems).toEqual([{ line: 1, message: 'gift.extraAnswersDropped' }]);
  });

  it('refuses a numeric answer that is not a number', () => {
    expect(messages(parseGift('N {#abc}'))).toEqual(['gift.unrecognizedAnswers']);
    expect(messages(parseGift('N {#1:x}'))).toEqual(['gift.unrecognizedAnswers']);
    expect(messages(parseGift('N {#=%50%3}'))).toEqual(['gift.noCorrectAnswer']);
  });
});

describe('parseGift: what the model has no place for', () => {
  it('reads an arrow among ~ answers as text, as Moodle does', () => {
    expect(only('Q {=a -> b ~c}')).toMatchObject({ type: 'single', choices: [{ text: 'a -> b' }, { text: 'c' }] });
  });

  it('skips matching questions with a problem on their line, and reads the rest', () => {
    const text = 'First {T}\n\n// a comment\nMatch {\n=a -> 1\n=b -> 2\n=c -> 3\n}\n\nLast {F}';
    const result = parseGift(text);
    expect(result.questions.map((q) => q.prompt)).toEqual(['First', 'Last']);
    expect(result.questions.map((q) => q.id)).toEqual(['q1', 'q2']);
    expect(result.problems).toEqual([{ line: 4, message: 'gift.unsupportedMatching' }]);
  });

  it('skips essays, descriptions, several blanks and unclosed titles or answers, each with its problem', () => {
    const text = ['Essay {}', 'Just some text', 'A {=a} and B {=b}', '::Unclosed title {T}', 'Open {=a ~b'].join('\n\n');
    expect(parseGift(text).problems).toEqual([
      { line: 1, message: 'gift.unsupportedEssay' },
      { line: 3, message: 'gift.unsupportedDescription' },
      { line: 5, message: 'gift.unsupportedSeveralBlanks' },
      { line: 7, message: 'gift.unclosedTitle' },
      { line: 9, message: 'gift.unclosedAnswers' },
    ]);
  });

  it('refuses choices with no right answer and answers it cannot read', () => {
    expect(messages(parseGift('None {~a ~b}'))).toEqual(['gift.noCorrectAnswer']);
    expect(messages(parseGift('Weights {~%-50%a ~%0%b}'))).toEqual(['gift.noCorrectAnswer']);
    expect(messages(parseGift('Text first {hello =a ~b}'))).toEqual(['gift.unrecognizedAnswers']);
  });

  it('reads text after the answers as a missing-word question', () => {
    expect(only('Grant is buried in {~rubble =his tomb ~nowhere} in New York.')).toMatchObject({ type: 'single', prompt: 'Grant is buried in _____ in New York.' });
  });
});

describe('parseGift: the text around questions', () => {
  it('keeps a title as a bold first line, or as the prompt when there is none, and not twice', () => {
    expect(only('::Geography::Capital of Peru? {=Lima}').prompt).toBe('**Geography**\n\nCapital of Peru?');
    expect(only('::Is water wet?::{T}').prompt).toBe('Is water wet?');
    expect(only('::Capital of Peru::Capital of Peru? {=Lima}').prompt).toBe('Capital of Peru?');
    expect(only('::Q*1::Text {T}').prompt).toBe('**Q\\*1**\n\nText');
  });

  it('skips comments and $CATEGORY lines without a problem', () => {
    const text = '// exported from somewhere\n$CATEGORY: $course$/Top/Unit 1\n\n// question 1\nQ1 {T}\n// between lines\n\n$CATEGORY: other\n\nQ2 {F}';
    const result = parseGift(text);
    expect(result.problems).toEqual([]);
    expect(result.questions.map((q) => q.prompt)).toEqual(['Q1', 'Q2']);
  });

  it('keeps markdown, plain and moodle texts as they are', () => {
    expect(only('[markdown]Some **bold** text {T}').prompt).toBe('Some **bold** text');
    expect(only('::T::[plain]Plain <b>text</b> {T}').prompt).toBe('**T**\n\nPlain <b>text</b>');
    expect(only('[moodle]Moodle text {T}').prompt).toBe('Moodle text');
  });

  it('strips HTML to text, in the prompt, the answers and the feedback, with a note; never passes a tag through', () => {
    const result = parseGift('[html]<p>Is <b>this</b> &amp; <script>alert(1)</script> &lt;img src=x&gt; right?</p> {=<i>yes</i> ~no#<em>why</em>####<p>Because</p>}');
    expect(result.questions[0]).toMatchObject({
      type: 'single',
      prompt: 'Is this & alert(1) \\<img src=x> right?',
      choices: [{ text: 'yes' }, { text: 'no' }],
      explanation: 'Because\n\n- no: why',
    });
    expect(result.problems).toEqual([{ line: 1, message: 'gift.htmlStripped' }]);
  });

  it('undoes the escapes \\~ \\= \\# \\{ \\} \\: \\\\ and \\n', () => {
    const question = only('Escapes \\~ \\= \\# \\{ \\} \\: \\\\ a\\nb \\x {=1 \\= 1 ~a\\~b ~c\\#d}');
    expect(question).toMatchObject({
      type: 'single',
      prompt: 'Escapes ~ = # { } : \\ a\nb \\x',
      choices: [{ text: '1 = 1' }, { text: 'a~b' }, { text: 'c#d' }],
    });
  });

  it('reads questions over several lines, CRLF line ends and a byte order mark, with the right lines', () => {
    const text = '\uFEFF// comment\r\nWhat is\r\ntwo plus two? {\r\n  =four\r\n  ~five\r\n}\r\n\r\n\r\nMatch {=a -> b =c -> d}\r\n';
    const result = parseGift(text);
    expect(result.questions).toEqual([expect.objectContaining({ type: 'single', prompt: 'What is\ntwo plus two?' })]);
    expect(result.problems).toEqual([{ line: 9, message: 'gift.unsupportedMatching' }]);
    expect(parseGift('Old Mac {T}\r\rline {F}').questions).toHaveLength(2);
  });

  it('makes the general feedback the explanation, with per-answer feedback appended as a list', () => {
    expect(only('Q {=a#Right!~b#Wrong.####Because a.}').explanation).toBe('Because a.\n\n- a: Right!\n- b: Wrong.');
    expect(only('Q {T#No, it is true.#Yes.}').explanation).toBe('- No, it is true.\n- Yes.');
    expect(only('Q {#4:0#Four.####Count them.}').explanation).toBe('Count them.\n\n- Four.');
    expect(only('Q {=a ~b####Only general}').explanation).toBe('Only general');
    // As Moodle: the general feedback follows the last ####, an answer's feedback runs to it.
    expect(only('Q {=a ~b#x####y####Last}').explanation).toBe('Last\n\n- b: x####y');
  });

  it('drops per-answer feedback that would make the explanation too long, with a note', () => {
    const long = 'x'.repeat(400);
    const result = parseGift(`Q {=a#${long} ~b#${long} ~c#${long} ~d#${long} ~e#${long} ~f#${long} ~g#${long} ~h#${long} ~i#${long} ~j#${long} ~k#${long} ~l#${long} ~m#${long}####Short}`);
    expect(result.questions[0]?.explanation).toBe('Short');
    expect(messages(result)).toEqual(['gift.feedbackDropped']);
  });
});

describe('parseGift: limits', () => {
  it(`reads at most ${quizLimits.questionsMax} questions and says where it stopped`, () => {
    const text = Array.from({ length: quizLimits.questionsMax + 5 }, (_, index) => `Q${index} {T}`).join('\n\n');
    const result = parseGift(text);
    expect(result.questions).toHaveLength(quizLimits.questionsMax);
    expect(result.questions.at(-1)?.id).toBe(`q${quizLimits.questionsMax}`);
    expect(result.problems).toEqual([{ line: quizLimits.questionsMax * 2 + 1, message: 'gift.tooManyQuestions' }]);
  });

  it('turns what the model refuses into problems: too many choices, too long, empty, too few', () => {
    const choices = Array.from({ length: quizLimits.choicesMax + 1 }, (_, index) => `~c${index}`).join(' ');
    expect(messages(parseGift(`Q {=right ${choices}}`))).toEqual(['gift.tooManyChoices']);
    expect(messages(parseGift(`${'p'.repeat(quizLimits.promptMax + 1)} {T}`))).toEqual(['gift.textTooLong']);
    expect(messages(parseGift(`Q {=right ~${'c'.repeat(quizLimits.choiceTextMax + 1)}}`))).toEqual(['gift.textTooLong']);
    expect(messages(parseGift('Q {=right ~}'))).toEqual(['gift.emptyText']);
    expect(messages(parseGift('{T}'))).toEqual(['gift.emptyText']);
    expect(messages(parseGift('// type: ordering\nQ {=only}'))).toEqual(['gift.tooFewChoices']);
  });

  it('lists at most 100 problems, then says there were more', () => {
    const result = parseGift(Array.from({ length: 150 }, () => 'no answers').join('\n\n'));
    expect(result.problems).toHaveLength(101);
    expect(result.problems.at(-1)?.message).toBe('gift.tooManyProblems');
  });
});

// Random questions of every type, their texts full of what GIFT gives a meaning to.
const special = fc.constantFrom('~', '=', '#', '{', '}', ':', '\\', '\\n', '\n', '->', '%', '%50%', '[html]', '[markdown]', '//', '::', '####', ' ', 'T', '$CATEGORY:', 'á', 'ñ', '_', '*', '<b>', '&amp;', '-', '>', '..', '\t');
const word = fc.oneof(special, fc.stringMatching(/^[a-zA-Z0-9]{1,6}$/));
const text = (max: number) =>
  fc
    .array(word, { minLength: 1, maxLength: 12 })
    .map((parts) => parts.join('').trim().slice(0, max).trim())
    .filter((value) => value.length > 0);
const choiceText = text(quizLimits.choiceTextMax);
const number = fc.double({ min: -1e12, max: 1e12, noNaN: true, noDefaultInfinity: true }).map((value) => (Object.is(value, -0) ? 0 : value));
const base = { id: fc.constant('x'), prompt: text(quizLimits.promptMax), points: fc.constant(1), explanation: fc.option(text(quizLimits.explanationMax), { nil: null }) };
const withCorrect = (texts: string[], correct: boolean[]) => texts.map((value, index) => ({ id: `c${index}`, text: value, correct: correct[index]! }));

const randomQuestion: fc.Arbitrary<QuestionDefinition> = fc.oneof(
  fc
    .record({ ...base, texts: fc.array(choiceText, { minLength: 2, maxLength: 8 }) })
    .chain((q) => fc.nat(q.texts.length - 1).map((right) => ({ ...q, right })))
    .map(({ texts, right, ...rest }) => ({ ...rest, type: 'single' as const, choices: withCorrect(texts, texts.map((_, i) => i === right)) })),
  fc
    .record({ ...base, scoring: fc.constantFrom('all-or-nothing' as const, 'partial' as const), pairs: fc.array(fc.tuple(choiceText, fc.boolean()), { minLength: 2, maxLength: 8 }) })
    .filter((q) => q.pairs.some(([, correct]) => correct))
    .map(({ pairs, ...rest }) => ({ ...rest, type: 'multiple' as const, choices: withCorrect(pairs.map(([t]) => t), pairs.map(([, c]) => c)) })),
  fc.record({ ...base, type: fc.constant('true-false' as const), correct: fc.boolean() }),
  fc.record({ ...base, type: fc.constant('short-answer' as const), acceptedAnswers: fc.array(text(quizLimits.answerTextMax), { minLength: 1, maxLength: 5 }) }),
  fc.record({ ...base, type: fc.constant('numeric' as const), answer: number, tolerance: number.map(Math.abs) }),
  fc
    .record({ ...base, texts: fc.array(choiceText, { minLength: 2, maxLength: 8 }) })
    .map(({ texts, ...rest }) => ({ ...rest, type: 'ordering' as const, items: texts.map((value, index) => ({ id: `i${index}`, text: value })) })),
);

/** The questions as the reader gives them back: ids by position, 1 point. */
function renumbered(questions: QuestionDefinition[]): QuestionDefinition[] {
  return questions.map((question, index) => {
    const id = `q${index + 1}`;
    const common = { ...question, id, points: 1 };
    if (common.type === 'single' || common.type === 'multiple') return { ...common, choices: common.choices.map((c, i) => ({ ...c, id: `${id}c${i + 1}` })) };
    if (common.type === 'ordering') return { ...common, items: common.items.map((item, i) => ({ ...item, id: `${id}c${i + 1}` })) };
    return common;
  });
}

describe('formatGift', () => {
  const examples: QuestionDefinition[] = [
    { id: 'a', type: 'single', prompt: 'Two = ?', points: 3, explanation: 'Because {1+1}.', choices: [{ id: 'x', text: '2', correct: true }, { id: 'y', text: '3 ~ 4', correct: false }] },
    { id: 'b', type: 'multiple', scoring: 'all-or-nothing', prompt: 'One right', points: 1, explanation: null, choices: [{ id: 'x', text: 'a', correct: true }, { id: 'y', text: 'b', correct: false }] },
    { id: 'c', type: 'multiple', scoring: 'all-or-nothing', prompt: 'All right', points: 1, explanation: null, choices: [{ id: 'x', text: 'a', correct: true }, { id: 'y', text: 'b', correct: true }] },
    { id: 'd', type: 'multiple', scoring: 'partial', prompt: 'Partial', points: 1, explanation: null, choices: [{ id: 'x', text: 'a', correct: true }, { id: 'y', text: 'b', correct: true }, { id: 'z', text: 'c', correct: true }, { id: 'w', text: 'd', correct: false }] },
    { id: 'e', type: 'true-false', prompt: 'Line one\nline two', points: 1, explanation: 'See: here', correct: false },
    { id: 'f', type: 'short-answer', prompt: 'Say', points: 1, explanation: null, acceptedAnswers: ['a -> b', '%50%x', '[html]y'] },
    { id: 'g', type: 'numeric', prompt: 'Pi', points: 1, explanation: null, answer: -3.14159, tolerance: 0.001 },
    { id: 'h', type: 'ordering', prompt: 'Order', points: 1, explanation: null, items: [{ id: 'x', text: 'first' }, { id: 'y', text: 'second' }, { id: 'z', text: 'third' }] },
  ];

  it('writes each type as GIFT that other systems read: markers, weights, escapes, no points', () => {
    expect(formatGift(examples)).toBe(
      [
        '[markdown]Two \\= ? {=2 ~3 \\~ 4####Because \\{1+1\\}.}',
        '// type: all-or-nothing\n[markdown]One right {~%100%a ~%-100%b}',
        '// type: all-or-nothing\n[markdown]All right {~%50%a ~%50%b}',
        '[markdown]Partial {~%33.33333%a ~%33.33333%b ~%33.33333%c ~%-33.33333%d}',
        '[markdown]Line one\\nline two {F####See\\: here}',
        '[markdown]Say {=a -\\> b =\\%50%x =\\[html]y}',
        '[markdown]Pi {#-3.14159:0.001}',
        '// type: ordering\n[markdown]Order {=first =second =third}',
      ]
        .map((line) => `${line}\n`)
        .join('\n'),
    );
  });

  it('is read back as the same questions (but for ids and points), for each type', () => {
    const result = parseGift(formatGift(examples));
    expect(result.problems).toEqual([]);
    expect(result.questions).toEqual(renumbered(examples));
  });

  it('round-trips random questions of every type whose texts are full of special characters', () => {
    fc.assert(
      fc.property(fc.array(randomQuestion, { minLength: 1, maxLength: 6 }), (drawn) => {
        // The model's own reading (it trims texts) is what a quiz holds.
        const questions = drawn.map((question) => questionDefinition.parse(question));
        const result = parseGift(formatGift(questions));
        expect(result.problems).toEqual([]);
        expect(result.questions).toEqual(renumbered(questions));
      }),
      { seed: 40, numRuns: 400 },
    );
  });
});

describe('parseGift: hostile input', () => {
  const corpus = [
    '',
    '\uFEFF',
    '{',
    '}',
    '{}',
    '::',
    '::::{T}',
    '::a::b::c {T}',
    '\\',
    '{\\}',
    '{=}',
    '{~}',
    '{#}',
    '{#..}',
    '{#1..}',
    '{#:}',
    '{#=}',
    '{####}',
    '{T#}',
    '{=%%a ~b}',
    '{=%1e999%a ~b}',
    '{#1e999}',
    '{#1e308..-1e308}',
    '[html]<',
    '[html]<<<<>>>> {T}',
    '[html]&#0; &#xFFFFFF; &#1114111; {T}',
    '$CATEGORY:',
    '// type: ordering\n{T}',
    '// type: all-or-nothing\nQ {#3}',
    '// type: all-or-nothing\nQ {=a}',
    '// type: ordering\nQ {=a ~b}',
    'Q {=a -> b ~c}',
    'Q {~a =b}} {',
    '\u0000\u0001{=\u0000 ~\u0002}',
    'Q\u2028{T}',
  ];

  it('never throws on odd inputs, and everything it gives is valid', () => {
    for (const input of corpus) expectWellFormed(parseGift(input), input);
  });

  it('never throws on random text, and everything it gives is valid', () => {
    const piece = fc.oneof(special, fc.string({ maxLength: 5 }), fc.string({ unit: 'binary', maxLength: 5 }), fc.constantFrom('\r\n', '\n\n', '{', '}'));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (parts) => {
        const input = parts.join('');
        expectWellFormed(parseGift(input), input);
      }),
      { seed: 40, numRuns: 1_000 },
    );
  });

  it.each([
    ['{', '{'.repeat(100_000)],
    ['}', '}'.repeat(100_000)],
    ['\\', '\\'.repeat(100_000)],
    [':', ':'.repeat(100_000)],
    ['~', `Q {=a ${'~'.repeat(100_000)}}`],
    ['#', `Q {=a ${'#'.repeat(100_000)}}`],
    ['=', `Q {${'=a'.repeat(50_000)}}`],
    ['%', `Q {=${'%'.repeat(100_000)}}`],
    ['<', `[html]${'<'.repeat(100_000)} {T}`],
    ['<>', `[html]${'<a>'.repeat(60_000)} {T}`],
    ['&', `[html]${'&amp'.repeat(50_000)} {T}`],
    ['blank lines', '\n'.repeat(200_000)],
    ['new lines in html', `[html]${'<br>'.repeat(50_000)} {T}`],
    ['small questions', 'Q{T}\n\n'.repeat(33_000)],
    ['title opens', `::${'::'.repeat(50_000)}`],
    ['->', `Q {${'=a->'.repeat(50_000)}}`],
  ])('reads 100,000 %s quickly and without throwing', (_, input) => {
    expectWellFormed(parseGift(input), input);
  });
});

describe('readGiftOffThread', () => {
  it('reads a text in a worker thread as parseGift does', async () => {
    const text = 'Q1 {=a ~b}\n\nMatch {=a -> 1 =b -> 2}\n\nQ3 {#1..5}';
    expect(await readGiftOffThread(text)).toEqual(parseGift(text));
  });

  it(`refuses a text over ${GIFT_MAX_CHARS} characters before starting a worker`, async () => {
    await expect(readGiftOffThread('x'.repeat(GIFT_MAX_CHARS + 1))).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE', statusCode: 413 });
  });

  it('stops a worker that does not answer in time and refuses the text clearly', async () => {
    await expect(readGiftOffThread('Q {T}', { timeoutMs: 1 })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('took over') });
    // The next reading is not held up by the stopped one.
    expect((await readGiftOffThread('Q {T}')).questions).toHaveLength(1);
  });

  it('reads the largest text allowed', async () => {
    const text = 'Question {=right ~wrong}\n\n'.repeat(Math.floor(GIFT_MAX_CHARS / 27));
    const result = await readGiftOffThread(text);
    expect(result.questions).toHaveLength(quizLimits.questionsMax);
    expect(result.problems).toEqual([{ line: quizLimits.questionsMax * 2 + 1, message: 'gift.tooManyQuestions' }]);
  });
});
