import videoPlayer from './video-player.json';

/** The video player's texts: fetched with the player (its own chunk), which a course's public page loads too, not on every visit. */
const player = { videoPlayer };

export default player;
