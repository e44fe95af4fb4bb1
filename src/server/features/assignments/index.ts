/** The assignments area's one public entry: its feature plugin, and what other areas use of it (the curriculum editor adds assignment lessons). */
export { ASSIGNMENT_LESSON_SECONDS, insertAssignment } from './assignments';
export { assignmentsFeature } from './feature';
