/**
 * Summarises a V8 CPU profile (`npm run bench -- --profile DIR`, or `node --cpu-prof`) by self time:
 * per owner (node internals, each package, this project's folders) and the top functions.
 * `npx tsx bench/profile-summary.ts FILE.cpuprofile [TOP]`
 */
import { existsSync, readFileSync } from 'node:fs';
import { readCommandLine } from '../tools/command-line.js';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
}
interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

const { positionals, refuse, positiveWhole } = readCommandLine({
  usage: 'tsx bench/profile-summary.ts <file.cpuprofile> [<top>]',
  description:
    'Self time of a V8 CPU profile by owner (node, each package, our folders) and its top functions.',
  arguments: [
    {
      name: '<file.cpuprofile>',
      required: true,
      description: 'the profile (npm run bench -- --profile, node --cpu-prof)',
    },
    { name: '<top>', description: 'functions to list (default 25)' },
  ],
  options: {},
});
const [file = ''] = positionals;
if (!existsSync(file)) refuse(`'${file}' does not exist`);
const top = positiveWhole('<top>', positionals[1] ?? '25');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));

/** Who owns a frame: a package, a folder of this project, node itself, or V8's own states. */
function ownerOf({ url, functionName }: ProfileNode['callFrame']): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return 'node';
  const own = /\/(dist\/)?(server|domain)\/([^/]+\/)?/.exec(url);
  return own ? `ours: ${own[2]}/${own[3] ?? ''}` : url;
}

const owners = new Map<string, number>();
const functions = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, i) => {
  const node = byId.get(id);
  const delta = profile.timeDeltas[i] ?? 0;
  if (!node) return;
  total += delta;
  const owner = ownerOf(node.callFrame);
  owners.set(owner, (owners.get(owner) ?? 0) + delta);
  const name = `${node.callFrame.functionName || '(anonymous)'} [${owner}:${node.callFrame.lineNumber + 1}]`;
  functions.set(name, (functions.get(name) ?? 0) + delta);
});
const share = (value: number) => `${((100 * value) / total).toFixed(1).padStart(5)} %`;
const busy = total - (owners.get('(idle)') ?? 0);
console.log(
  `${(total / 1e6).toFixed(1)} s sampled, ${((100 * busy) / total).toFixed(0)} % busy\n\nby owner:`,
);
for (const [owner, value] of [...owners].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
  console.log(`${share(value)}  ${owner}`);
}
console.log('\ntop functions (self time):');
for (const [name, value] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`${share(value)}  ${name}`);
}
