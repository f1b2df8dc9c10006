import { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Db } from '../db/index';
import { type Mailer } from '../mail';
import { createCardRepository, type CardRepository } from '../modules/cards/repository';
import { createCatalogueRepository, type CatalogueRepository } from '../modules/catalogue/repository';
import { createPoolRepository, type PoolRepository } from '../modules/pools/repository';
import { createSiteRepository, type SiteRepository } from '../modules/site/repository';
import { createUserRepository, type Clock, type UserRepository } from '../modules/users/repository';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    mailer: Mailer;
    users: UserRepository;
    cards: CardRepository;
    catalogue: CatalogueRepository;
    pools: PoolRepository;
    site: SiteRepository;
  }
}

export interface RepositoryOptions {
  db: Db;
  mailer: Mailer;
  sessionTtlHours: number;
  /** The time sessions and verification codes go by (tests move it). */
  clock?: Clock;
}

/** The app's own layer: the database and one repository per domain module, decorated on the instance. */
async function repositoriesPlugin(app: FastifyInstance, options: RepositoryOptions) {
  app.decorate('db', options.db);
  app.decorate('mailer', options.mailer);
  app.decorate(
    'users',
    createUserRepository(options.db, { sessionTtlHours: options.sessionTtlHours, clock: options.clock }),
  );
  app.decorate('cards', createCardRepository(options.db));
  app.decorate('catalogue', createCatalogueRepository(options.db));
  app.decorate('pools', createPoolRepository(options.db));
  app.decorate('site', createSiteRepository(options.db));
}

export default fp(repositoriesPlugin, { name: 'repositories' });
