import videoPlayer from './video-player.json';

/** The video player's texts: fetched with the player (its own chunk), not on every visit. */
const player = { videoPlayer };

export default player;
