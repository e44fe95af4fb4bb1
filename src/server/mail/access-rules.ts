import { allow, type AccessRule } from '../access-rules';

export const accessRules: AccessRule[] = [
  // Development servers only (never production), and only from this machine: the table's
  // requests come from 127.0.0.1, like a developer's browser.
  { route: 'GET /api/dev/mailbox', expect: allow.everyone() },
];
