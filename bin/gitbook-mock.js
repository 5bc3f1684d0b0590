#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, so that `npm start` needs no build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/bin.ts');
