import { type FastifyInstance } from 'fastify';

/**
 * What the job workers and the simulator's clock do in a running api, done now: every pending package handed to the
 * network, then one run of the simulated network (its reports reach our callback endpoint, signed).
 */
export async function runNetwork(app: FastifyInstance): Promise<number> {
  const pending = await app.db.query<{ id: number }>(
    `SELECT id FROM card_packages WHERE provider_state = 'pending' ORDER BY id`,
  );
  await app.connectivity.applyPackages(pending.map((row) => Number(row.id)));
  return (await app.connectivity.simulator?.tick()) ?? 0;
}
