/** Is the client this machine? (`request.ip`: behind a trusted proxy, the forwarded address.) */
export const isLoopback = (ip: string) => ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1';
