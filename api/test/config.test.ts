import { loadConfig } from '../src/config';

describe('configuration', () => {
  it('has defaults for everything', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ API_PORT: 3000, HOST: '127.0.0.1', SHELL_ORIGIN: 'http://localhost:8080' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PGLITE_DIR).toMatch(/api[\\/]\.data[\\/]pglite$/);
    expect(config.MAIL_OUTBOX).toMatch(/api[\\/]\.data[\\/]outbox$/);
  });

  it('reads the environment', () => {
    const config = loadConfig({
      API_PORT: '4000',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      HOST: '0.0.0.0',
    });
    expect(config).toMatchObject({
      API_PORT: 4000,
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
    });
  });

  it('stops on invalid values with a readable message', () => {
    expect(() => loadConfig({ API_PORT: 'eighty' })).toThrow(/API_PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });
});
