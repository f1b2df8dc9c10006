import { seed } from '../../src/seed';
import { lockCards } from '../../src/modules/connectivity/usage';
import { createTestDb } from '../helpers/app';

// Two fulfilments of one card at once, as under load: each inserts its package (a row that references the card, so
// the insert holds a KEY SHARE lock on it), then locks the card to recompute its figures. PostgreSQL only (PGlite
// runs one transaction at a time).
(process.env.DATABASE_URL ? describe : describe.skip)("locking a card's figures", () => {
  it('never deadlocks two transactions that each added a package to the card first', async () => {
    const db = await createTestDb({ migrated: true });
    try {
      await seed(db);
      const iccid = '89880000000000000001';
      const pkg = await db.one<{ id: number }>(`SELECT id FROM packages ORDER BY id LIMIT 1`);
      let inserted = 0;
      let bothInserted!: () => void;
      const barrier = new Promise<void>((resolve) => (bothInserted = resolve));
      const fulfil = () =>
        db.tx(async (q) => {
          await q.query(
            `INSERT INTO card_packages (iccid, package_id, name, status, data_bytes, validity_days, expire_timestamp)
             VALUES ($1, $2, 'lock test', 'init', 1, 1, 0)`,
            [iccid, pkg?.id],
          );
          inserted += 1;
          if (inserted === 2) bothInserted();
          await barrier;
          await lockCards(q, [iccid]);
          await q.query(`UPDATE cards SET used_bytes = used_bytes WHERE iccid = $1`, [iccid]);
        });
      await expect(Promise.all([fulfil(), fulfil()])).resolves.toBeDefined();
    } finally {
      await db.close();
    }
  });
});
