// The stream tokens moved to the domain: the captions feature checks its own links (signed for captions) too.
export * from './stream-tokens';
