import { ActionIcon, Button, Checkbox, Group, Paper, Radio, Stack, Text, TextInput, Typography } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { quizLimits } from '../../../../shared/limits';
import type { AttemptQuestion, QuestionAnswer } from '../../../../shared/schemas/quizzes';

/** "3,5" (Spanish) or "3.5" as a number; null when it is none. Spanish readers write a decimal comma, and either mark is taken. */
export function parseDecimal(text: string, language: string): number | null {
  const trimmed = text.trim().replace(/\s/g, '');
  if (trimmed === '') return null;
  const normalised = language.startsWith('es') ? trimmed.replace(',', '.') : trimmed;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(normalised)) return null;
  const value = Number(normalised);
  return Number.isFinite(value) ? value : null;
}

/** A number as the learner's language writes it (no grouping, so it reads back the same). */
export const formatDecimal = (value: number, language: string) => (language.startsWith('es') ? String(value).replace('.', ',') : String(value));

type Props = {
  question: AttemptQuestion;
  number: number;
  count: number;
  answer: QuestionAnswer | undefined;
  /** What the learner typed in a numeric question, kept as typed ("3," while typing "3,5"). */
  numericText: string;
  onAnswer: (answer: QuestionAnswer | undefined) => void;
  onNumericText: (text: string) => void;
  onAnnounce: (message: string) => void;
};

/** One question of an attempt: its prompt (the server's sanitised HTML) and the input its type takes. */
export function QuestionInput({ question, number, count, answer, numericText, onAnswer, onNumericText, onAnnounce }: Props) {
  const { t, i18n } = useTranslation('quizzes');
  const promptId = `quiz-question-${question.id}-prompt`;
  const legend = `${t('player.questionLegend', { number, count })} · ${t('player.points', { count: question.points })}`;
  return (
    <Paper component="fieldset" withBorder radius="md" p="md" m={0} aria-describedby={promptId} data-question-id={question.id}>
      <Text component="legend" fw={700} px={4}>
        {legend}
      </Text>
      <Stack gap="sm">
        <Typography>
          {/* Rendered from Markdown and sanitised on the server, as a text lesson's. */}
          <div id={promptId} className="lesson-text" dangerouslySetInnerHTML={{ __html: question.promptHtml }} />
        </Typography>
        <AnswerField question={question} answer={answer} numericText={numericText} onAnswer={onAnswer} onNumericText={onNumericText} onAnnounce={onAnnounce} language={i18n.language} />
      </Stack>
    </Paper>
  );
}

function AnswerField({ question, answer, numericText, onAnswer, onNumericText, onAnnounce, language }: Omit<Props, 'number' | 'count'> & { language: string }) {
  const { t } = useTranslation('quizzes');
  const label = t('player.yourAnswer');
  switch (question.type) {
    case 'single':
      return (
        <Radio.Group label={label} value={answer?.type === 'single' ? answer.choiceId : null} onChange={(choiceId) => onAnswer({ type: 'single', choiceId })}>
          <Stack gap="xs" mt={4}>
            {(question.choices ?? []).map((choice) => (
              <Radio key={choice.id} value={choice.id} label={choice.text} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'multiple':
      return (
        <Checkbox.Group
          label={label}
          description={t('player.chooseAll')}
          value={answer?.type === 'multiple' ? answer.choiceIds : []}
          onChange={(choiceIds) => onAnswer(choiceIds.length > 0 ? { type: 'multiple', choiceIds } : undefined)}
        >
          <Stack gap="xs" mt={4}>
            {(question.choices ?? []).map((choice) => (
              <Checkbox key={choice.id} value={choice.id} label={choice.text} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'true-false':
      return (
        <Radio.Group label={label} value={answer?.type === 'true-false' ? String(answer.value) : null} onChange={(value) => onAnswer({ type: 'true-false', value: value === 'true' })}>
          <Group gap="lg" mt={4}>
            <Radio value="true" label={t('true')} />
            <Radio value="false" label={t('false')} />
          </Group>
        </Radio.Group>
      );
    case 'short-answer':
      return (
        <TextInput
          label={label}
          value={answer?.type === 'short-answer' ? answer.text : ''}
          maxLength={quizLimits.answerTextMax}
          autoComplete="off"
          onChange={(event) => {
            const text = event.currentTarget.value;
            onAnswer(text.trim() === '' ? undefined : { type: 'short-answer', text });
          }}
          style={{ maxWidth: 480 }}
        />
      );
    case 'numeric': {
      const invalid = numericText.trim() !== '' && parseDecimal(numericText, language) === null;
      return (
        <TextInput
          label={label}
          description={t('player.numberHint')}
          inputMode="decimal"
          autoComplete="off"
          value={numericText}
          error={invalid ? t('player.notANumber') : undefined}
          onChange={(event) => {
            const text = event.currentTarget.value;
            onNumericText(text);
            const value = parseDecimal(text, language);
            onAnswer(value === null ? undefined : { type: 'numeric', value });
          }}
          style={{ maxWidth: 240 }}
        />
      );
    }
    case 'ordering':
      return <OrderingField question={question} answer={answer} onAnswer={onAnswer} onAnnounce={onAnnounce} />;
  }
}

/**
 * Items put in order with up and down buttons (keyboard and screen readers work as with any
 * button); each move is announced. The question counts as answered once an item was moved, or
 * once the learner keeps the order shown as the answer.
 */
function OrderingField({ question, answer, onAnswer, onAnnounce }: { question: AttemptQuestion; answer: QuestionAnswer | undefined; onAnswer: (answer: QuestionAnswer) => void; onAnnounce: (message: string) => void }) {
  const { t } = useTranslation('quizzes');
  const items = question.items ?? [];
  const byId = new Map(items.map((item) => [item.id, item]));
  const savedOrder = answer?.type === 'ordering' ? answer.itemIds.filter((id) => byId.has(id)) : [];
  const answered = savedOrder.length === items.length && items.length > 0;
  const order = savedOrder.length === items.length ? savedOrder : items.map((item) => item.id);
  const listId = `quiz-question-${question.id}-items`;

  const move = (at: number, by: -1 | 1) => {
    const to = at + by;
    if (to < 0 || to >= order.length) return;
    const next = [...order];
    [next[at], next[to]] = [next[to]!, next[at]!];
    onAnswer({ type: 'ordering', itemIds: next });
    onAnnounce(t('player.itemMoved', { name: byId.get(order[at]!)?.text ?? '', number: to + 1, count: order.length }));
    // At either end the button pressed turns off: the focus goes to the other one of the same item.
    if (to === 0 || to === order.length - 1) {
      const other = `${listId}-${order[at]}-${to === 0 ? 'down' : 'up'}`;
      setTimeout(() => document.getElementById(other)?.focus(), 0);
    }
  };

  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={`${listId}-label`}>
        {t('player.orderHint')}
      </Text>
      <Stack component="ol" gap={4} p={0} m={0} aria-labelledby={`${listId}-label`}>
        {order.map((id, at) => {
          const text = byId.get(id)?.text ?? '';
          return (
            <Paper key={id} component="li" withBorder p={6} radius="sm" style={{ listStyle: 'none' }}>
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Text size="sm">
                  <Text span c="dimmed" mr={6}>
                    {at + 1}.
                  </Text>
                  {text}
                </Text>
                <Group gap={2} wrap="nowrap">
                  <ActionIcon id={`${listId}-${id}-up`} variant="subtle" disabled={at === 0} aria-label={t('player.moveUp', { name: text })} onClick={() => move(at, -1)}>
                    <span aria-hidden="true">↑</span>
                  </ActionIcon>
                  <ActionIcon id={`${listId}-${id}-down`} variant="subtle" disabled={at === order.length - 1} aria-label={t('player.moveDown', { name: text })} onClick={() => move(at, 1)}>
                    <span aria-hidden="true">↓</span>
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      {answered ? null : (
        <Button size="compact-sm" variant="subtle" style={{ alignSelf: 'flex-start' }} onClick={() => onAnswer({ type: 'ordering', itemIds: order })}>
          {t('player.keepOrder')}
        </Button>
      )}
    </Stack>
  );
}
