import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Alert, Badge, Button, FileButton, FileInput, Group, Loader, Paper, SegmentedControl, Select, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../shared/paths';
import { curriculumLimits } from '../../../../shared/limits';
import type { EditableLesson, EditableSection } from '../../../../shared/schemas/curriculum-editing';
import { confirmDialog } from '../../../components/dialogs';
import { toast } from '../../../components/toasts';
import { errorMessage } from '../../../lib/error-message';
import { useCurriculumForEdit } from '../api/get-curriculum';
import { useChangeCurriculum, useUploadLessonImage, useUploadLessonResource, type CurriculumChange } from '../api/edit-curriculum';
import { arranged, orderOf, type CurriculumOrder } from '../lib/curriculum-order';
import { useVideoUploads, LessonCaptions } from '../../media';
import { AssignmentEditorToggle, AssignmentFields, assignmentDraftReady, emptyAssignmentDraft } from '../../assignments';

/** 3725 → "1:02:05", 75 → "1:15": the same in both languages. */
export function clock(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = String(totalSeconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** The drag-and-drop ids: sections and lessons share one context. */
const sectionKey = (id: number) => `section-${id}`;
const lessonKey = (id: number) => `lesson-${id}`;
const idOf = (key: UniqueIdentifier) => Number(String(key).split('-')[1]);
const isSectionKey = (key: UniqueIdentifier) => String(key).startsWith('section-');

type Order = CurriculumOrder;

const sectionOfLesson = (order: Order, lessonId: number) => order.find((section) => section.lessonIds.includes(lessonId));

type Change = (change: CurriculumChange, success?: string) => Promise<boolean>;

type Sortable = ReturnType<typeof useSortable>;

function DragHandle({ label, setActivatorNodeRef, attributes, listeners }: { label: string } & Pick<Sortable, 'setActivatorNodeRef' | 'attributes' | 'listeners'>) {
  return (
    <ActionIcon ref={setActivatorNodeRef} variant="subtle" color="gray" aria-label={label} {...attributes} {...listeners} style={{ cursor: 'grab', touchAction: 'none' }}>
      <span aria-hidden="true">⠿</span>
    </ActionIcon>
  );
}

/** A title shown as text, with a button that turns it into a field (Enter saves, Escape cancels). */
function InlineTitle({ title, label, maxLength, onSave, order }: { title: string; label: string; maxLength: number; onSave: (title: string) => Promise<boolean>; order: 'section' | 'lesson' }) {
  const { t } = useTranslation('teaching');
  const [draft, setDraft] = useState<string | null>(null);
  if (draft === null) {
    return (
      <Group gap="xs" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
        <Text fw={order === 'section' ? 700 : 500} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Text>
        <Button variant="subtle" size="compact-xs" onClick={() => setDraft(title)} aria-label={t('curriculum.renameLabel', { title })}>
          {t('curriculum.rename')}
        </Button>
      </Group>
    );
  }
  const save = async () => {
    const next = draft.trim();
    if (!next || next === title || (await onSave(next))) setDraft(null);
  };
  return (
    <Group gap="xs" wrap="nowrap" style={{ flex: 1 }}>
      <TextInput
        aria-label={label}
        value={draft}
        maxLength={maxLength}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void save();
          if (event.key === 'Escape') setDraft(null);
        }}
        data-autofocus
        autoFocus
        style={{ flex: 1 }}
      />
      <Button size="compact-sm" onClick={() => void save()}>
        {t('curriculum.save')}
      </Button>
      <Button size="compact-sm" variant="default" onClick={() => setDraft(null)}>
        {t('curriculum.cancel')}
      </Button>
    </Group>
  );
}

/** An image's alt text from its file name: what a reader without the picture gets ("diagrama-flujo.png" → "diagrama flujo"). */
const altTextOf = (fileName: string) =>
  fileName
    .replace(/\.[^.]*$/, '')
    .replace(/[[\]\\_-]+/g, ' ')
    .trim() || 'image';

/**
 * A text lesson's Markdown, with a button that uploads an image to the course and inserts it
 * where the cursor is (`![alt](/api/lesson-images/<id>)`): a lesson shows only images uploaded
 * this way, from the app itself, never from another host.
 */
function LessonBodyInput({ courseId, value, onChange, required }: { courseId: number; value: string; onChange: (value: string) => void; required?: boolean }) {
  const { t } = useTranslation('teaching');
  const textarea = useRef<HTMLTextAreaElement>(null);
  const upload = useUploadLessonImage(courseId);
  const insertImage = (file: File | null) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: ({ url }) => {
        const at = textarea.current?.selectionStart ?? value.length;
        const markdown = `![${altTextOf(file.name)}](${url})`;
        const before = value.slice(0, at);
        // On a line of its own, so that it shows as a picture and not inside a sentence.
        const opening = before === '' || before.endsWith('\n') ? '' : '\n\n';
        onChange(`${before}${opening}${markdown}\n${value.slice(at)}`);
        toast.success(t('curriculum.image.inserted'));
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };
  return (
    <Stack gap={4}>
      <Textarea
        ref={textarea}
        label={t('curriculum.body')}
        description={t('curriculum.bodyHint', { number: curriculumLimits.textLessonMax })}
        value={value}
        maxLength={curriculumLimits.textLessonMax}
        rows={8}
        onChange={(event) => onChange(event.currentTarget.value)}
        required={required}
      />
      <Group gap="xs">
        <FileButton onChange={insertImage} accept="image/jpeg,image/png,image/webp,image/gif">
          {(props) => (
            <Button {...props} size="compact-sm" variant="light" loading={upload.isPending}>
              {t('curriculum.image.insert')}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {t('curriculum.image.hint')}
        </Text>
      </Group>
    </Stack>
  );
}

function LessonRow({ courseId, lesson, change, busy, sectionDragged }: { courseId: number; lesson: EditableLesson; change: Change; busy: boolean; sectionDragged: boolean }) {
  const { t } = useTranslation('teaching');
  // While a section moves, lessons are no place to drop it: the keyboard steps from section to section.
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: lessonKey(lesson.id), disabled: { draggable: false, droppable: sectionDragged } });
  const [editingBody, setEditingBody] = useState<string | null>(null);
  const remove = async () => {
    const confirmed = await confirmDialog({
      title: t('curriculum.confirmDeleteLesson.title', { title: lesson.title }),
      text: t('curriculum.confirmDeleteLesson.text'),
      confirmLabel: t('curriculum.delete'),
    });
    if (confirmed) await change({ type: 'deleteLesson', lessonId: lesson.id }, t('curriculum.lessonDeleted'));
  };
  return (
    <Paper
      component="li"
      ref={setNodeRef}
      data-curriculum-item=""
      withBorder
      p="xs"
      radius="sm"
      style={{ listStyle: 'none', transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
      aria-label={lesson.title}
    >
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap" align="center">
          <DragHandle label={t('curriculum.moveLesson', { title: lesson.title })} setActivatorNodeRef={setActivatorNodeRef} attributes={attributes} listeners={listeners} />
          <InlineTitle
            title={lesson.title}
            label={t('curriculum.lessonTitle')}
            maxLength={curriculumLimits.lessonTitleMax}
            order="lesson"
            onSave={(title) => change({ type: 'updateLesson', lessonId: lesson.id, changes: { title } })}
          />
        </Group>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light">{t(`curriculum.kinds.${lesson.kind}`)}</Badge>
          {lesson.durationSeconds > 0 ? (
            <Text size="sm" c="dimmed">
              {clock(lesson.durationSeconds)}
            </Text>
          ) : null}
          {lesson.videoState ? (
            <Text size="sm" c={lesson.videoState === 'failed' ? 'red.9' : 'dimmed'}>
              {t(`curriculum.videoState.${lesson.videoState}`)}
            </Text>
          ) : null}
          {lesson.resourceName ? (
            <Text size="sm" c="dimmed">
              {lesson.resourceName}
            </Text>
          ) : null}
          {lesson.courseVideo ? <Badge color="grape">{t(`curriculum.courseVideo.${lesson.courseVideo}`)}</Badge> : null}
          <Switch
            label={t('curriculum.preview')}
            aria-label={t('curriculum.previewLabel', { title: lesson.title })}
            checked={lesson.isPreview}
            disabled={busy}
            onChange={(event) => void change({ type: 'updateLesson', lessonId: lesson.id, changes: { isPreview: event.currentTarget.checked } })}
          />
          {lesson.kind === 'text' && editingBody === null ? (
            <Button variant="subtle" size="compact-xs" onClick={() => setEditingBody(lesson.body ?? '')} aria-label={t('curriculum.editTextLabel', { title: lesson.title })}>
              {t('curriculum.editText')}
            </Button>
          ) : null}
          {lesson.kind === 'quiz' ? (
            <Button component={Link} to={paths.quizEditor(courseId, lesson.id)} variant="subtle" size="compact-xs" aria-label={t('curriculum.quiz.editQuestionsLabel', { title: lesson.title })}>
              {t('curriculum.quiz.editQuestions')}
            </Button>
          ) : null}
          {lesson.courseVideo ? (
            <Text size="xs" c="dimmed">
              {t('curriculum.courseVideo.required')}
            </Text>
          ) : (
            <Button variant="subtle" color="red" size="compact-xs" onClick={() => void remove()} disabled={busy} aria-label={t('curriculum.deleteLessonLabel', { title: lesson.title })}>
              {t('curriculum.delete')}
            </Button>
          )}
        </Group>
        {lesson.kind === 'video' ? <LessonCaptions courseId={courseId} lessonId={lesson.id} title={lesson.title} /> : null}
        {lesson.kind === 'assignment' ? <AssignmentEditorToggle courseId={courseId} lessonId={lesson.id} title={lesson.title} /> : null}
        {editingBody !== null ? (
          <Stack gap="xs">
            <LessonBodyInput courseId={courseId} value={editingBody} onChange={setEditingBody} />
            <Group gap="xs">
              <Button
                size="compact-sm"
                disabled={busy || editingBody.trim() === ''}
                onClick={() => void change({ type: 'updateLesson', lessonId: lesson.id, changes: { body: editingBody } }, t('curriculum.saved')).then((ok) => ok && setEditingBody(null))}
              >
                {t('curriculum.save')}
              </Button>
              <Button size="compact-sm" variant="default" onClick={() => setEditingBody(null)}>
                {t('curriculum.cancel')}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

type LessonKindChoice = 'text' | 'video' | 'resource' | 'quiz' | 'assignment';

/** The form that adds a lesson at the end of a section: a text, one of my uploaded videos, a PDF, a quiz (its questions are edited on its own page) or an assignment. */
function AddLessonForm({ courseId, section, change, busy, onDone }: { courseId: number; section: EditableSection; change: Change; busy: boolean; onDone: () => void }) {
  const { t } = useTranslation('teaching');
  const [kind, setKind] = useState<LessonKindChoice>('text');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [videoId, setVideoId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [assignment, setAssignment] = useState(emptyAssignmentDraft);
  const uploads = useVideoUploads({ enabled: kind === 'video' });
  const uploadResource = useUploadLessonResource(courseId);
  const trimmed = title.trim();
  const [isPreview, setIsPreview] = useState(false);
  const ready =
    trimmed !== '' &&
    (kind === 'text' ? body.trim() !== '' : kind === 'video' ? videoId !== null : kind === 'assignment' ? assignmentDraftReady(assignment) : kind === 'quiz' || file !== null);

  const submit = async () => {
    if (!ready) return;
    if (kind === 'resource') {
      uploadResource.mutate(
        { sectionId: section.id, title: trimmed, file: file! },
        {
          onSuccess: () => {
            toast.success(t('curriculum.lessonAdded'));
            onDone();
          },
          onError: (error) => toast.error(errorMessage(error)),
        },
      );
      return;
    }
    const lesson =
      kind === 'text'
        ? { kind, title: trimmed, body }
        : kind === 'quiz'
          ? { kind, title: trimmed, isPreview }
          : kind === 'assignment'
            ? { kind, title: trimmed, ...assignment }
            : { kind, title: trimmed, videoId: videoId! };
    if (await change({ type: 'addLesson', sectionId: section.id, lesson }, t('curriculum.lessonAdded'))) onDone();
  };

  return (
    <Paper withBorder p="sm" radius="sm" component="form" method="post" onSubmit={(event) => (event.preventDefault(), void submit())} aria-label={t('curriculum.addLessonTo', { title: section.title })}>
      <Stack gap="sm">
        <SegmentedControl
          value={kind}
          onChange={(value) => setKind(value as LessonKindChoice)}
          data={(['text', 'video', 'resource', 'quiz', 'assignment'] as const).map((value) => ({ value, label: t(`curriculum.kinds.${value}`) }))}
          aria-label={t('curriculum.lessonKind')}
        />
        <TextInput label={t('curriculum.lessonTitle')} value={title} maxLength={curriculumLimits.lessonTitleMax} onChange={(event) => setTitle(event.currentTarget.value)} required />
        {kind === 'text' ? (
          <LessonBodyInput courseId={courseId} value={body} onChange={setBody} required />
        ) : null}
        {kind === 'video' ? (
          <Stack gap="xs">
            <FileInput
              label={t('curriculum.video.upload')}
              accept="video/mp4,.mp4,.m4v"
              disabled={uploads.isUploading}
              value={null}
              onChange={(chosen) => chosen && uploads.start([chosen])}
              clearable={false}
            />
            {uploads.inProgress.map((item) => (
              <Group key={item.key} gap="xs">
                <Loader size="xs" />
                <Text size="sm">{t('curriculum.video.uploading', { name: item.name, percent: item.percent })}</Text>
                <Button size="compact-xs" variant="subtle" onClick={() => uploads.cancel(item.key)}>
                  {t('curriculum.cancel')}
                </Button>
              </Group>
            ))}
            <Select
              label={t('curriculum.video.choose')}
              placeholder={uploads.videos.length === 0 ? t('curriculum.video.none') : undefined}
              data={uploads.videos.map((video, index) => ({ value: video.id, label: t('curriculum.video.option', { number: index + 1, time: clock(video.durationSeconds) }) }))}
              value={videoId}
              onChange={setVideoId}
              disabled={uploads.videos.length === 0}
              required
            />
          </Stack>
        ) : null}
        {kind === 'quiz' ? (
          <Stack gap={4}>
            <Switch label={t('curriculum.preview')} checked={isPreview} onChange={(event) => setIsPreview(event.currentTarget.checked)} />
            <Text size="xs" c="dimmed">
              {t('curriculum.quiz.hint')}
            </Text>
          </Stack>
        ) : null}
        {kind === 'assignment' ? <AssignmentFields value={assignment} onChange={setAssignment} /> : null}
        {kind === 'resource' ? (
          <FileInput
            label={t('curriculum.resource.file')}
            description={t('curriculum.resource.hint')}
            accept="application/pdf,.pdf"
            value={file}
            onChange={setFile}
            required
          />
        ) : null}
        <Group gap="xs">
          <Button type="submit" disabled={!ready || busy || uploadResource.isPending} loading={uploadResource.isPending}>
            {t('curriculum.addLesson')}
          </Button>
          <Button variant="default" onClick={onDone}>
            {t('curriculum.cancel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function SectionCard({ courseId, section, position, change, busy, children }: { courseId: number; section: EditableSection; position: number; change: Change; busy: boolean; children: ReactNode }) {
  const { t } = useTranslation('teaching');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: sectionKey(section.id) });
  const [adding, setAdding] = useState(false);
  const holdsCourseVideo = section.lessons.some((lesson) => lesson.courseVideo !== null);
  const remove = async () => {
    const confirmed = await confirmDialog({
      title: t('curriculum.confirmDeleteSection.title', { title: section.title }),
      text: t('curriculum.confirmDeleteSection.text', { count: section.lessons.length }),
      confirmLabel: t('curriculum.delete'),
    });
    if (confirmed) await change({ type: 'deleteSection', sectionId: section.id }, t('curriculum.sectionDeleted'));
  };
  return (
    <Paper
      component="li"
      ref={setNodeRef}
      data-curriculum-item=""
      withBorder
      p="sm"
      radius="md"
      style={{ listStyle: 'none', transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
      aria-label={t('curriculum.sectionLabel', { number: position, title: section.title })}
    >
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <DragHandle label={t('curriculum.moveSection', { title: section.title })} setActivatorNodeRef={setActivatorNodeRef} attributes={attributes} listeners={listeners} />
          <InlineTitle
            title={section.title}
            label={t('curriculum.sectionTitle')}
            maxLength={curriculumLimits.sectionTitleMax}
            order="section"
            onSave={(title) => change({ type: 'renameSection', sectionId: section.id, title })}
          />
          {holdsCourseVideo ? null : (
            <Button variant="subtle" color="red" size="compact-xs" onClick={() => void remove()} disabled={busy} aria-label={t('curriculum.deleteSectionLabel', { title: section.title })}>
              {t('curriculum.delete')}
            </Button>
          )}
        </Group>
        {children}
        {adding ? (
          <AddLessonForm courseId={courseId} section={section} change={change} busy={busy} onDone={() => setAdding(false)} />
        ) : (
          <Button variant="light" size="xs" style={{ alignSelf: 'flex-start' }} onClick={() => setAdding(true)} aria-label={t('curriculum.addLessonTo', { title: section.title })}>
            {t('curriculum.addLesson')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

function AddSectionForm({ change, busy, full }: { change: Change; busy: boolean; full: boolean }) {
  const { t } = useTranslation('teaching');
  const [title, setTitle] = useState('');
  const submit = async () => {
    if (title.trim() && (await change({ type: 'addSection', title: title.trim() }, t('curriculum.sectionAdded')))) setTitle('');
  };
  return (
    <Group renderRoot={(props) => <form method="post" {...props} />} align="flex-end" gap="xs" onSubmit={(event) => (event.preventDefault(), void submit())}>
      <TextInput label={t('curriculum.newSection')} value={title} maxLength={curriculumLimits.sectionTitleMax} onChange={(event) => setTitle(event.currentTarget.value)} disabled={full} style={{ flex: 1 }} />
      <Button type="submit" disabled={busy || full || title.trim() === ''}>
        {t('curriculum.addSection')}
      </Button>
    </Group>
  );
}

/**
 * The "Curriculum" part of a course's edit page: its sections and lessons, added, renamed,
 * removed, marked as free previews and reordered by drag and drop (pointer or keyboard), each
 * change saved at once.
 */
export function CurriculumEditor({ courseId }: { courseId: number }) {
  const { t } = useTranslation(['teaching', 'errors']);
  const query = useCurriculumForEdit(courseId);
  const mutation = useChangeCurriculum(courseId);
  // The order while something is dragged (null otherwise): what the lists show meanwhile.
  const [dragOrder, setDragOrder] = useState<Order | null>(null);
  const [sectionDragged, setSectionDragged] = useState(false);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  if (query.isPending) return <Loader aria-label={t('curriculum.loading')} />;
  if (query.isError) return <Alert color="red">{errorMessage(query.error)}</Alert>;
  const curriculum = query.data;
  const order = dragOrder ?? orderOf(curriculum);
  const sections = arranged(curriculum, order);

  const change: Change = (request, success) =>
    mutation.mutateAsync(request).then(
      () => {
        if (success) toast.success(success);
        return true;
      },
      (error: unknown) => {
        toast.error(errorMessage(error));
        return false;
      },
    );

  const nameOf = (key: UniqueIdentifier) => {
    const id = idOf(key);
    if (isSectionKey(key)) return curriculum.sections.find((section) => section.id === id)?.title ?? '';
    return curriculum.sections.flatMap((section) => section.lessons).find((lesson) => lesson.id === id)?.title ?? '';
  };

  /** Where an item stands in `at`: its position in its list, the list's length and (a lesson's) section. */
  const placeOf = (key: UniqueIdentifier, at: Order) => {
    if (isSectionKey(key)) return { number: at.findIndex((section) => section.id === idOf(key)) + 1, count: at.length, section: null };
    const section = sectionOfLesson(at, idOf(key));
    return { number: (section?.lessonIds.indexOf(idOf(key)) ?? -1) + 1, count: section?.lessonIds.length ?? 0, section: section ? nameOf(sectionKey(section.id)) : null };
  };

  // Where a dragged item would land right now: the order being dragged, moved to what it is over.
  const movedOrder = (active: UniqueIdentifier, over: UniqueIdentifier, from: Order): Order => {
    if (isSectionKey(active)) {
      // A section dragged over a lesson goes where that lesson's section is.
      const target = isSectionKey(over) ? idOf(over) : sectionOfLesson(from, idOf(over))?.id;
      const oldIndex = from.findIndex((section) => section.id === idOf(active));
      const newIndex = from.findIndex((section) => section.id === target);
      return newIndex < 0 || oldIndex === newIndex ? from : arrayMove(from, oldIndex, newIndex);
    }
    const lessonId = idOf(active);
    const source = sectionOfLesson(from, lessonId);
    const target = isSectionKey(over) ? from.find((section) => section.id === idOf(over)) : sectionOfLesson(from, idOf(over));
    if (!source || !target) return from;
    if (source.id === target.id) {
      if (isSectionKey(over)) return from;
      const oldIndex = source.lessonIds.indexOf(lessonId);
      const newIndex = source.lessonIds.indexOf(idOf(over));
      return from.map((section) => (section.id === source.id ? { ...section, lessonIds: arrayMove(section.lessonIds, oldIndex, newIndex) } : section));
    }
    // Into another section: before the lesson it is over, or at the end of the section.
    const at = isSectionKey(over) ? target.lessonIds.length : target.lessonIds.indexOf(idOf(over));
    return from.map((section) => {
      if (section.id === source.id) return { ...section, lessonIds: section.lessonIds.filter((id) => id !== lessonId) };
      if (section.id === target.id) return { ...section, lessonIds: [...section.lessonIds.slice(0, at), lessonId, ...section.lessonIds.slice(at)] };
      return section;
    });
  };

  const onDragOver = ({ active, over }: DragOverEvent) => {
    // Lessons cross into another section while dragged, so that section's list makes room.
    if (!over || isSectionKey(active.id)) return;
    const current = dragOrder ?? orderOf(curriculum);
    const from = sectionOfLesson(current, idOf(active.id));
    const to = isSectionKey(over.id) ? current.find((section) => section.id === idOf(over.id)) : sectionOfLesson(current, idOf(over.id));
    if (from && to && from.id !== to.id) setDragOrder(movedOrder(active.id, over.id, current));
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const current = dragOrder ?? orderOf(curriculum);
    const final = over ? movedOrder(active.id, over.id, current) : current;
    setDragOrder(null);
    setSectionDragged(false);
    if (JSON.stringify(final) === JSON.stringify(orderOf(curriculum))) return;
    // Shown at once (the cached curriculum is rearranged); the answer replaces it.
    mutation.mutate({ type: 'reorder', order: { sections: final } }, { onError: (error) => toast.error(errorMessage(error)) });
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => t('curriculum.dnd.picked', { name: nameOf(active.id), ...placeOf(active.id, order) }),
    onDragOver: ({ active, over }) => {
      if (!over) return t('curriculum.dnd.nowhere', { name: nameOf(active.id) });
      const place = placeOf(active.id, movedOrder(active.id, over.id, order));
      return place.section ? t('curriculum.dnd.overInSection', { name: nameOf(active.id), ...place, title: place.section }) : t('curriculum.dnd.over', { name: nameOf(active.id), ...place });
    },
    onDragEnd: ({ active, over }) => {
      if (!over) return t('curriculum.dnd.cancelled', { name: nameOf(active.id) });
      const place = placeOf(active.id, movedOrder(active.id, over.id, order));
      return place.section ? t('curriculum.dnd.droppedInSection', { name: nameOf(active.id), ...place, title: place.section }) : t('curriculum.dnd.dropped', { name: nameOf(active.id), ...place });
    },
    onDragCancel: ({ active }) => t('curriculum.dnd.cancelled', { name: nameOf(active.id) }),
  };

  const full = { sections: curriculum.sections.length >= curriculum.limits.maxSections, lessons: curriculum.lessonCount >= curriculum.limits.maxLessons };

  return (
    <Stack gap="md" component="section" aria-labelledby="curriculum-title">
      <Title order={2} id="curriculum-title" size="h3">
        {t('curriculum.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('curriculum.intro')}
      </Text>
      <Group gap="md">
        <Text size="sm">{t('curriculum.sectionsUsed', { count: curriculum.sections.length, number: curriculum.limits.maxSections })}</Text>
        <Text size="sm">{t('curriculum.lessonsUsed', { count: curriculum.lessonCount, number: curriculum.limits.maxLessons })}</Text>
        <Text size="sm">{t('curriculum.length', { time: clock(curriculum.totalSeconds) })}</Text>
      </Group>
      {full.lessons ? <Alert color="orange">{t('errors:codes.CURRICULUM_LESSON_LIMIT')}</Alert> : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragOver={onDragOver}
        onDragEnd={onDragEnd}
        onDragCancel={() => {
          setDragOrder(null);
          setSectionDragged(false);
        }}
        onDragStart={({ active }) => {
          setDragOrder(orderOf(curriculum));
          setSectionDragged(isSectionKey(active.id));
        }}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('curriculum.dnd.instructions') } }}
      >
        <SortableContext items={sections.map((section) => sectionKey(section.id))} strategy={verticalListSortingStrategy}>
          <Stack component="ol" gap="sm" p={0} m={0}>
            {sections.map((section, index) => (
              <SectionCard key={section.id} courseId={courseId} section={section} position={index + 1} change={change} busy={mutation.isPending}>
                <SortableContext items={section.lessons.map((lesson) => lessonKey(lesson.id))} strategy={verticalListSortingStrategy}>
                  <Stack component="ol" gap={6} p={0} m={0} aria-label={t('curriculum.lessonsOf', { title: section.title })}>
                    {section.lessons.length === 0 ? (
                      <Text size="sm" c="dimmed" component="li" style={{ listStyle: 'none' }}>
                        {t('curriculum.emptySection')}
                      </Text>
                    ) : (
                      section.lessons.map((lesson) => <LessonRow key={lesson.id} courseId={courseId} lesson={lesson} change={change} busy={mutation.isPending} sectionDragged={sectionDragged} />)
                    )}
                  </Stack>
                </SortableContext>
              </SectionCard>
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
      <AddSectionForm change={change} busy={mutation.isPending} full={full.sections} />
    </Stack>
  );
}
