import assignments from './assignments.json';
import errors from './errors.activities.json';
import quizzes from './quizzes.json';
import validation from './validation.activities.json';

/**
 * The quizzes' and the assignments' texts: fetched with the pages that show them (the course
 * player, my courses, the teacher's editor and review queue), not on every visit. `errors` and
 * `validation` add their codes and field messages to the core part's namespaces of those names.
 */
const activities = { quizzes, assignments, errors, validation };

export default activities;
