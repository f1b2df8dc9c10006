import { stopAll } from './servers';

export default async function globalTeardown(): Promise<void> {
  await stopAll();
}
