/**
 * Where the e2e server (playwright.config.ts) writes its log, one file per port: specs read it to
 * check what the server kept of a request (a form's password must never be in it).
 */
export const serverLogFile = (port: number | string) => `.tmp/e2e-server-${port}.log`;
