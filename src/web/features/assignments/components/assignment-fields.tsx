import { Alert, Button, Group, Loader, NumberInput, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { assignmentLimits } from '../../../../shared/limits';
import type { AssignmentGradingInput, AssignmentSettingsInput } from '../../../../shared/schemas/assignments';
import { toast } from '../../../components/toasts';
import { errorMessage } from '../../../lib/error-message';
import { useAssignmentForEdit, useSaveAssignment } from '../api/assignments';

/** What the editor holds of an assignment while it is written: its instructions and grading. */
export type AssignmentDraft = { instructions: string; grading: AssignmentGradingInput };

export const emptyAssignmentDraft = (): AssignmentDraft => ({ instructions: '', grading: { grading: 'pass-fail' } });

/** Whether the draft may be sent: instructions written and, by points, passing points within the maximum. */
export function assignmentDraftReady(draft: AssignmentDraft): boolean {
  if (draft.instructions.trim() === '') return false;
  return draft.grading.grading === 'pass-fail' || (draft.grading.maxPoints >= 1 && draft.grading.passingPoints >= 0 && draft.grading.passingPoints <= draft.grading.maxPoints);
}

/**
 * An assignment's instructions (Markdown, shown to learners as a text lesson is) and grading:
 * pass or fail, or points with the points to pass. Controlled: the curriculum editor's new
 * lesson form and the assignment editor both hold the draft.
 */
export function AssignmentFields({ value, onChange }: { value: AssignmentDraft; onChange: (draft: AssignmentDraft) => void }) {
  const { t } = useTranslation('assignments');
  const { grading } = value;
  const gradingLabelId = useId();
  const points = grading.grading === 'points' ? grading : { grading: 'points' as const, maxPoints: 10, passingPoints: 5 };
  const passingTooHigh = grading.grading === 'points' && grading.passingPoints > grading.maxPoints;
  return (
    <Stack gap="sm">
      <Textarea
        label={t('editor.instructions')}
        description={t('editor.instructionsHint', { number: assignmentLimits.instructionsMax })}
        value={value.instructions}
        maxLength={assignmentLimits.instructionsMax}
        rows={6}
        required
        onChange={(event) => onChange({ ...value, instructions: event.currentTarget.value })}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id={gradingLabelId}>
          {t('grading.label')}
        </Text>
        <SegmentedControl
          aria-labelledby={gradingLabelId}
          value={grading.grading}
          onChange={(choice) => onChange({ ...value, grading: choice === 'points' ? points : { grading: 'pass-fail' } })}
          data={[
            { value: 'pass-fail', label: t('grading.passFailOption') },
            { value: 'points', label: t('grading.pointsOption') },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
      </Stack>
      {grading.grading === 'points' ? (
        <Group align="flex-start">
          <NumberInput
            label={t('grading.maxPoints')}
            min={1}
            max={assignmentLimits.maxPointsMax}
            allowDecimal={false}
            value={grading.maxPoints}
            onChange={(next) => onChange({ ...value, grading: { ...grading, maxPoints: Number(next) || 0 } })}
            required
          />
          <NumberInput
            label={t('grading.passingPoints')}
            min={0}
            max={assignmentLimits.maxPointsMax}
            allowDecimal={false}
            value={grading.passingPoints}
            onChange={(next) => onChange({ ...value, grading: { ...grading, passingPoints: Number(next) || 0 } })}
            error={passingTooHigh ? t('grading.passingAboveMax') : undefined}
            required
          />
        </Group>
      ) : null}
      <Text size="xs" c="dimmed">
        {t('editor.durationNote')}
      </Text>
    </Stack>
  );
}

/** The editor of an assignment lesson's instructions and grading (its title and preview stay the curriculum editor's). */
export function AssignmentEditor({ courseId, lessonId, onClose }: { courseId: number; lessonId: number; onClose: () => void }) {
  const { t } = useTranslation('assignments');
  const assignment = useAssignmentForEdit(courseId, lessonId);
  const save = useSaveAssignment(courseId, lessonId);
  const [draft, setDraft] = useState<AssignmentDraft | null>(null);
  if (assignment.isPending) return <Loader size="sm" aria-label={t('editor.loading')} />;
  if (assignment.isError) return <Alert color="red">{errorMessage(assignment.error)}</Alert>;
  const loaded = assignment.data;
  const current: AssignmentDraft = draft ?? {
    instructions: loaded.instructions,
    grading: loaded.grading === 'points' ? { grading: 'points', maxPoints: loaded.maxPoints ?? 10, passingPoints: loaded.passingPoints ?? 0 } : { grading: 'pass-fail' },
  };
  const submit = () => {
    if (!assignmentDraftReady(current)) return;
    const body: AssignmentSettingsInput = current;
    save.mutate(body, {
      onSuccess: () => {
        toast.success(t('editor.saved'));
        onClose();
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };
  return (
    <Stack renderRoot={(props) => <form method="post" {...props} />} gap="sm" onSubmit={(event) => (event.preventDefault(), submit())}>
      <AssignmentFields value={current} onChange={setDraft} />
      <Group gap="xs">
        <Button type="submit" size="compact-sm" disabled={!assignmentDraftReady(current)} loading={save.isPending}>
          {t('editor.save')}
        </Button>
        <Button size="compact-sm" variant="default" onClick={onClose}>
          {t('editor.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The button that opens the assignment editor under a lesson of the curriculum editor. */
export function AssignmentEditorToggle({ courseId, lessonId, title }: { courseId: number; lessonId: number; title: string }) {
  const { t } = useTranslation('assignments');
  const [open, setOpen] = useState(false);
  if (open) return <AssignmentEditor courseId={courseId} lessonId={lessonId} onClose={() => setOpen(false)} />;
  return (
    <Button variant="subtle" size="compact-xs" style={{ alignSelf: 'flex-start' }} onClick={() => setOpen(true)} aria-label={t('editor.editLabel', { title })}>
      {t('editor.edit')}
    </Button>
  );
}
