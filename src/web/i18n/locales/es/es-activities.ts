import assignments from './assignments.json';
import quizzes from './quizzes.json';

/** The quizzes' and the assignments' texts: fetched with the pages that show them (the course player, my courses, the teacher's editor and review queue), not on every visit. */
const activities = { quizzes, assignments };

export default activities;
