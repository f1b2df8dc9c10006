import { type PackageRecord, type PackageRecordGroups } from 'shared-contracts';

// Purchased packages of one card for the tests of /pkg (PackagesPage).

export const ICCID = '89880000000000000001';

export const record = (over: Partial<PackageRecord>): PackageRecord => ({
  id: 1,
  name: 'Europe 20 GB',
  status_str: 'active',
  expire_date: '2026-12-12',
  create: 1_763_000_000,
  total_str: '20GB',
  used_str: '5.2GB',
  renewal: true,
  ...over,
});

export const groups: PackageRecordGroups = {
  list1: [
    record({ id: 1, name: 'Europe 20 GB' }),
    record({ id: 4, name: 'World unlimited', total_str: 'Unlimited', used_str: '3GB', renewal: false }),
  ],
  list2: [
    record({
      id: 2,
      name: 'Europe 5 GB',
      status_str: 'init',
      expire_date: '',
      used_str: '0MB',
      total_str: '5GB',
      renewal: false,
      network: 'pending',
    }),
  ],
  list3: [
    record({
      id: 3,
      name: 'Global 1 GB',
      status_str: 'stop',
      expire_date: '2026-10-01',
      total_str: '1GB',
      used_str: '1GB',
    }),
    record({
      id: 5,
      name: 'Asia 3 GB',
      status_str: 'invalid',
      expire_date: '2026-09-01',
      total_str: '3GB',
      used_str: '0.5GB',
      network: 'applied',
    }),
    // Paid, refused by the network and refunded: it never started.
    record({
      id: 6,
      name: 'Japan 10 GB',
      status_str: 'invalid',
      expire_date: '',
      total_str: '10GB',
      used_str: '0MB',
      renewal: false,
      network: 'refused',
    }),
  ],
};
