import { loadConfig } from './config';
import { createDb } from './db/index';
import { migrate } from './db/migrate';
import { demoCards, seed } from './seed';

const USAGE = `usage: tsx src/cli.ts <command>
  seed      empty every table and load the demo data again
  migrate   apply pending migrations only`;

async function main(command: string | undefined) {
  if (command !== 'seed' && command !== 'migrate') {
    process.stderr.write(`${USAGE}\n`);
    process.exit(2);
  }
  const config = loadConfig();
  if (command === 'seed' && config.NODE_ENV === 'production') {
    throw new Error('refusing to seed a production database: it would empty every table and load the demo data');
  }
  const db = await createDb({ databaseUrl: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
  try {
    const applied = await migrate(db);
    process.stdout.write(`migrations applied: ${applied.length === 0 ? 'none pending' : applied.join(', ')}\n`);
    if (command === 'seed') {
      await seed(db, { reset: true });
      process.stdout.write(`demo data loaded (${demoCards.length} cards)\n`);
    }
  } finally {
    await db.close();
  }
}

main(process.argv[2]).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
