// Demo data the api seeds on first start (api/src/seed.ts).
export const demo = {
  activatedBound: '89880000000000000001',
  readyUnbound: '89880000000000000002',
  suspended: '89880000000000000003',
  oldView: '89880000000000000101',
  eid: '89049032123456789012345678901234',
  user: { email: 'demo@example.com', password: 'demo-password-1' },
} as const;
