// A child process running the local OpenID provider (@esim/oidc-demo, ESM only, so not inside jest's module
// system). Reads its clients as JSON from argv[2]; prints {"issuer": ...} once listening.
import { startDemoProvider } from '@esim/oidc-demo';

const clients = JSON.parse(process.argv[2] ?? '[]');
const provider = await startDemoProvider({ clients });
process.stdout.write(`${JSON.stringify({ issuer: provider.issuer })}\n`);
process.on('SIGTERM', () => provider.close().then(() => process.exit(0)));
