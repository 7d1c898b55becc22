/**
 * The module resolution hook of `file-timer.ts`: posts the address of the first test file the
 * worker resolves, then only passes resolutions on.
 */
import type { MessagePort } from 'node:worker_threads';

interface ResolveResult {
  url: string;
}
type NextResolve = (specifier: string, context: unknown) => Promise<ResolveResult>;

const TEST_FILE = /\/tests\/.+\.test\.ts$/;
let port: MessagePort | undefined;

export function initialize(data: { port: MessagePort }): void {
  port = data.port;
}

export async function resolve(
  specifier: string,
  context: unknown,
  next: NextResolve,
): Promise<ResolveResult> {
  const result = await next(specifier, context);
  if (port && TEST_FILE.test(result.url)) {
    port.postMessage(result.url);
    port.close();
    port = undefined;
  }
  return result;
}
