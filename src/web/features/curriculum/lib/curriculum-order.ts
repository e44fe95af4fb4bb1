import type { CurriculumOrderInput, EditableCurriculum, EditableSection } from '../../../../shared/schemas/curriculum-editing';

export type CurriculumOrder = CurriculumOrderInput['sections'];

/** The curriculum's order as the reorder endpoint takes it. */
export const orderOf = (curriculum: EditableCurriculum): CurriculumOrder =>
  curriculum.sections.map((section) => ({ id: section.id, lessonIds: section.lessons.map((lesson) => lesson.id) }));

/** The curriculum's sections laid out in an order (the one being dragged, or the one just sent). */
export function arranged(curriculum: EditableCurriculum, order: CurriculumOrder): EditableSection[] {
  const sections = new Map(curriculum.sections.map((section) => [section.id, section]));
  const lessons = new Map(curriculum.sections.flatMap((section) => section.lessons).map((lesson) => [lesson.id, lesson]));
  return order.flatMap(({ id, lessonIds }) => {
    const section = sections.get(id);
    return section ? [{ ...section, lessons: lessonIds.flatMap((lessonId) => lessons.get(lessonId) ?? []) }] : [];
  });
}
