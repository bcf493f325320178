#!/usr/bin/env node
import('../dist/cloudclip.mjs').catch((error) => {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('cloudclip.mjs')) throw error;
  console.error('cloudclip: not built yet: run pnpm build (or pnpm --filter @cloudclip/cli build)');
  process.exit(1);
});
