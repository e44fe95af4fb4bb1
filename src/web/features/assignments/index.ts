/**
 * Assignments: the lesson a learner hands work in for (text and/or a file) and its reviews; the
 * teacher's editor of its instructions and grading, review queue and review form.
 *
 * The feature's public entry: app/ and other features import only this file. Its pages are
 * reached through the page table (src/shared/pages.ts), which the router loads one chunk per page.
 */
export { AssignmentLesson } from './components/assignment-lesson';
export { AssignmentEditorToggle, AssignmentFields, assignmentDraftReady, emptyAssignmentDraft, type AssignmentDraft } from './components/assignment-fields';
export { MyAssignmentsTab, ReviewQueueLink } from './components/links';
