import { allow, type AccessRule } from '../../access-rules';

export const accessRules: AccessRule[] = [{ route: 'GET /api/auth-providers', expect: allow.everyone() }];
