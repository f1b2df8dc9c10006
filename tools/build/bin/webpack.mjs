#!/usr/bin/env node
// webpack-cli from this package's own dependencies, so a package that lists only @esim/build can run
// `esim-webpack --mode production` (or `esim-webpack serve`) with its webpack.config.mjs.
import { createRequire } from 'node:module';

createRequire(import.meta.url)('webpack-cli/bin/cli.js');
