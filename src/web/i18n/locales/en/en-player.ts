import quizzes from './quizzes.json';
import videoPlayer from './video-player.json';

/** The video player's and the quizzes' texts: fetched with the player (its own chunk) or the quiz editor, not on every visit. */
const player = { videoPlayer, quizzes };

export default player;
