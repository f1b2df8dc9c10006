#!/usr/bin/env node
import '../scripts/size-report.mjs';
