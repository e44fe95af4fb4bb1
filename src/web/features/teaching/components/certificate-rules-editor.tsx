import { Alert, Button, Checkbox, Group, Loader, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CertificateRules } from '../../../../shared/schemas/certificates';
import { toast } from '../../../components/toasts';
import { errorMessage } from '../../../lib/error-message';
import { useCertificateRules } from '../api/get-certificate-rules';
import { useSetCertificateRules } from '../api/set-certificate-rules';

/** The form's copy of the rules: each quiz lesson required or not, with the minimum typed (a string while being typed, as NumberInput gives it). */
type Draft = { quizzes: Record<number, { required: boolean; minPercent: number | string }>; assignments: Record<number, boolean> };

const draftOf = (rules: CertificateRules): Draft => ({
  quizzes: Object.fromEntries(rules.quizzes.map((quiz) => [quiz.lessonId, { required: quiz.required, minPercent: quiz.minPercent ?? quiz.passingPercent }])),
  assignments: Object.fromEntries(rules.assignments.map((assignment) => [assignment.lessonId, assignment.required])),
});

const validPercent = (value: number | string) => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 100;

function CertificateRulesForm({ courseId, rules }: { courseId: number; rules: CertificateRules }) {
  const { t } = useTranslation('teaching');
  const [draft, setDraft] = useState(() => draftOf(rules));
  const save = useSetCertificateRules();
  const invalid = rules.quizzes.some((quiz) => draft.quizzes[quiz.lessonId]?.required && !validPercent(draft.quizzes[quiz.lessonId]!.minPercent));

  const submit = () => {
    if (invalid) return;
    const input = {
      quizzes: rules.quizzes.filter((quiz) => draft.quizzes[quiz.lessonId]?.required).map((quiz) => ({ lessonId: quiz.lessonId, minPercent: Number(draft.quizzes[quiz.lessonId]!.minPercent) })),
      assignmentLessonIds: rules.assignments.filter((assignment) => draft.assignments[assignment.lessonId]).map((assignment) => assignment.lessonId),
    };
    save.mutate({ id: courseId, rules: input }, { onSuccess: () => toast.success(t('certificateRules.saved')), onError: (error) => toast.error(errorMessage(error)) });
  };

  if (rules.quizzes.length === 0 && rules.assignments.length === 0) return <Text size="sm">{t('certificateRules.none')}</Text>;
  return (
    <Stack renderRoot={(props) => <form method="post" {...props} />} gap="sm" onSubmit={(event) => (event.preventDefault(), submit())}>
      {rules.quizzes.map((quiz) => {
        const entry = draft.quizzes[quiz.lessonId]!;
        const setEntry = (patch: Partial<typeof entry>) => setDraft((current) => ({ ...current, quizzes: { ...current.quizzes, [quiz.lessonId]: { ...entry, ...patch } } }));
        return (
          <Group key={quiz.lessonId} gap="md" align="flex-start" wrap="wrap">
            <Checkbox mt={6} label={t('certificateRules.quiz', { title: quiz.title })} checked={entry.required} onChange={(event) => setEntry({ required: event.currentTarget.checked })} />
            {entry.required ? (
              <NumberInput
                aria-label={t('certificateRules.minPercentOf', { title: quiz.title })}
                description={t('certificateRules.minPercent')}
                suffix=" %"
                w={140}
                size="xs"
                min={0}
                max={100}
                allowDecimal={false}
                allowNegative={false}
                value={entry.minPercent}
                error={validPercent(entry.minPercent) ? null : t('certificateRules.percentRange')}
                onChange={(minPercent) => setEntry({ minPercent })}
              />
            ) : null}
          </Group>
        );
      })}
      {rules.assignments.map((assignment) => (
        <Checkbox
          key={assignment.lessonId}
          label={t('certificateRules.assignment', { title: assignment.title })}
          checked={draft.assignments[assignment.lessonId] ?? false}
          onChange={(event) => {
            const required = event.currentTarget.checked;
            setDraft((current) => ({ ...current, assignments: { ...current.assignments, [assignment.lessonId]: required } }));
          }}
        />
      ))}
      <Button type="submit" size="sm" disabled={invalid} loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
        {t('certificateRules.save')}
      </Button>
    </Stack>
  );
}

/**
 * The course editor's "Certificate" section: every lesson done is always required; the owner
 * may also require quiz lessons with a minimum score (the quiz's passing score unless changed)
 * and assignment lessons passed.
 */
export function CertificateRulesEditor({ courseId }: { courseId: number }) {
  const { t } = useTranslation('teaching');
  const query = useCertificateRules(courseId);
  return (
    <Stack gap="sm" component="section" aria-labelledby="certificate-rules-title">
      <Title order={2} id="certificate-rules-title" size="h3">
        {t('certificateRules.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('certificateRules.intro')}
      </Text>
      {query.isPending ? <Loader aria-label={t('certificateRules.loading')} /> : null}
      {query.isError ? <Alert color="red">{errorMessage(query.error)}</Alert> : null}
      {/* Read again after a change of the curriculum: the form starts over from what the server keeps. */}
      {query.data ? <CertificateRulesForm key={JSON.stringify(query.data)} courseId={courseId} rules={query.data} /> : null}
    </Stack>
  );
}
