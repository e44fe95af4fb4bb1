/** The assignments area's one public entry: its feature plugin, and what other areas use of it (the curriculum editor adds assignment lessons). */
export { ASSIGNMENT_LESSON_SECONDS, assignmentFileKeys, insertAssignment } from './assignments';
export { assignmentsFeature } from './feature';
