#!/usr/bin/env node
import { main } from '../host/cli.mjs';

await main(process.argv.slice(2));
