// The stream tokens moved to the domain: captions are served under the same links as their video.
export * from '../../domain/stream-tokens';
