import assignments from './assignments.json';
import errors from './errors.activities.json';
import quizzes from './quizzes.json';
import validation from './validation.activities.json';

/** The English quizzes' and assignments' texts (see ../es/es-activities.ts). */
const activities = { quizzes, assignments, errors, validation };

export default activities;
