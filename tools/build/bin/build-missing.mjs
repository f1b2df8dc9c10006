#!/usr/bin/env node
import '../scripts/build-missing.mjs';
