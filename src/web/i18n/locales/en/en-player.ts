import videoPlayer from './video-player.json';

/** The English video player's texts (see ../es/es-player.ts). */
const player = { videoPlayer };

export default player;
