import assignments from './assignments.json';
import quizzes from './quizzes.json';

/** The English quizzes' and assignments' texts (see ../es/es-activities.ts). */
const activities = { quizzes, assignments };

export default activities;
