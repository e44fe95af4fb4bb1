import { allow, type AccessRule } from '../../access-rules';

export const accessRules: AccessRule[] = [
  { route: 'GET /api/health', expect: allow.everyone() },
  { route: 'GET /api/ready', expect: allow.everyone() },
];
