import { Group, NumberInput, Radio, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { quizLimits } from '../../../../shared/limits';
import type { DraftErrors, DraftSettings } from '../lib/quiz-draft';

type Props = { settings: DraftSettings; questionCount: number; errors: DraftErrors; onChange: (settings: DraftSettings) => void };

/** A quiz's rules: passing score, attempts and the wait between them, time limit, shuffling and the pool. */
export function QuizSettingsFields({ settings, questionCount, errors, onChange }: Props) {
  const { t } = useTranslation('quizzes');
  const set = (patch: Partial<DraftSettings>) => onChange({ ...settings, ...patch });
  const error = (field: keyof DraftSettings) => errors.get(`settings.${field}`);
  return (
    <Stack gap="md" component="section" aria-labelledby="quiz-settings-title">
      <Title order={2} size="h4" id="quiz-settings-title">
        {t('settings.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NumberInput
          label={t('settings.passingPercent')}
          suffix=" %"
          value={settings.passingPercent}
          min={0}
          max={100}
          allowDecimal={false}
          allowNegative={false}
          required
          error={error('passingPercent')}
          onChange={(passingPercent) => set({ passingPercent })}
        />
        <NumberInput
          label={t('settings.waitMinutes')}
          description={t('settings.waitMinutesHint')}
          value={settings.waitMinutes}
          min={0}
          max={quizLimits.waitMinutesMax}
          allowDecimal={false}
          allowNegative={false}
          required
          error={error('waitMinutes')}
          onChange={(waitMinutes) => set({ waitMinutes })}
        />
      </SimpleGrid>
      <Stack gap="xs">
        <Radio.Group label={t('settings.attempts')} value={settings.maxAttempts === null ? 'unlimited' : 'limited'} onChange={(value) => set({ maxAttempts: value === 'unlimited' ? null : 1 })}>
          <Group gap="md" mt={4}>
            <Radio value="unlimited" label={t('settings.attemptsUnlimited')} />
            <Radio value="limited" label={t('settings.attemptsLimited')} />
          </Group>
        </Radio.Group>
        {settings.maxAttempts !== null ? (
          <NumberInput
            label={t('settings.maxAttempts')}
            value={settings.maxAttempts}
            min={1}
            max={quizLimits.maxAttemptsMax}
            allowDecimal={false}
            allowNegative={false}
            required
            error={error('maxAttempts')}
            onChange={(maxAttempts) => set({ maxAttempts })}
            style={{ maxWidth: 240 }}
          />
        ) : null}
      </Stack>
      <Stack gap="xs">
        <Switch label={t('settings.timed')} checked={settings.timeLimitMinutes !== null} onChange={(event) => set({ timeLimitMinutes: event.currentTarget.checked ? 30 : null })} />
        {settings.timeLimitMinutes !== null ? (
          <NumberInput
            label={t('settings.timeLimitMinutes')}
            description={t('settings.timeLimitHint')}
            value={settings.timeLimitMinutes}
            min={1}
            max={quizLimits.timeLimitMinutesMax}
            allowDecimal={false}
            allowNegative={false}
            required
            error={error('timeLimitMinutes')}
            onChange={(timeLimitMinutes) => set({ timeLimitMinutes })}
            style={{ maxWidth: 240 }}
          />
        ) : null}
      </Stack>
      <Switch label={t('settings.shuffleQuestions')} checked={settings.shuffleQuestions} onChange={(event) => set({ shuffleQuestions: event.currentTarget.checked })} />
      <Switch label={t('settings.shuffleChoices')} checked={settings.shuffleChoices} onChange={(event) => set({ shuffleChoices: event.currentTarget.checked })} />
      <Stack gap="xs">
        <Switch
          label={t('settings.pool')}
          checked={settings.drawCount !== null}
          onChange={(event) => set({ drawCount: event.currentTarget.checked ? Math.max(1, questionCount) : null })}
        />
        {settings.drawCount !== null ? (
          <Group gap="xs" align="flex-end">
            <NumberInput
              label={t('settings.drawCount')}
              value={settings.drawCount}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              required
              error={error('drawCount')}
              onChange={(drawCount) => set({ drawCount })}
              style={{ maxWidth: 160 }}
            />
            <Text size="sm" pb={8}>
              {t('settings.ofQuestions', { count: questionCount })}
            </Text>
          </Group>
        ) : null}
      </Stack>
    </Stack>
  );
}
