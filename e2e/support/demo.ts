// Demo data the api seeds on first start (api/src/seed.ts).
export const demo = {
  activatedBound: '89880000000000000001',
  readyUnbound: '89880000000000000002',
  suspended: '89880000000000000003',
  oldView: '89880000000000000101',
  /** Partner agent 'acme': version 2, JPY, no PayPal. */
  partnerCard: '89880000000000000901',
  eid: '89049032123456789012345678901234',
  /** The demo user's shared plan 'Family plan', with …0001 and …0007 drawing from it. */
  pool: 'demo-pool-1',
  /** Unbound cards carrying demo@example.com: the card list's batch bind dialog offers them. */
  unboundForDemo: ['89880000000000000011', '89880000000000000012'],
  /** Seeded adverts (api/src/seed.ts 'adverts') the card list home shows. */
  adverts: {
    top: 'Summer in Europe',
    banners: ['Europe from $12.90', 'Unlimited week'],
    popup: 'Add the eSIM Shop to your home screen',
    popupButton: 'How to install',
    popupShowRule: 86_400,
  },
  user: { email: 'demo@example.com', password: 'demo-password-1' },
} as const;
