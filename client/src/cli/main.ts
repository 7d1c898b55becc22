#!/usr/bin/env node
import module from 'node:module';
import path from 'node:path';
import { cacheFolder, isPrivateFolder } from './cache.js';

/**
 * The command's entry. Where Node has a compile cache (22.1 and later), V8's compiled code of the
 * command is kept between calls, in the cache folder and only when it is private: code cached in a
 * shared temporary folder (Node's default) could be planted by another user. Then the command itself,
 * bundled into one file with everything it imports (client/scripts/pack.ts).
 */
const { enableCompileCache } = module as { enableCompileCache?: (directory: string) => unknown };
const folder = cacheFolder(process.env);
if (enableCompileCache && isPrivateFolder(folder)) enableCompileCache(path.join(folder, 'compile'));
await import('./command.js');
