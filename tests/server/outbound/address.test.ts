import test from 'ava';
import { isPublicAddress } from '../../../server/outbound/address.js';

/**
 * Each special range with addresses inside it (never public) and just outside it, with what the
 * neighbour is: public unicast, or itself in another range that is not public.
 */
const ranges: readonly {
  readonly range: string;
  readonly inside: readonly string[];
  readonly outside: readonly [string, boolean][];
}[] = [
  { range: '0.0.0.0/8 unspecified', inside: ['0.0.0.0', '0.255.255.255'], outside: [['1.0.0.0', true]] },
  {
    range: '10.0.0.0/8 private',
    inside: ['10.0.0.1', '10.255.255.255'],
    outside: [
      ['9.255.255.255', true],
      ['11.0.0.0', true],
    ],
  },
  {
    range: '100.64.0.0/10 CGNAT',
    inside: ['100.64.0.0', '100.127.255.255'],
    outside: [
      ['100.63.255.255', true],
      ['100.128.0.0', true],
    ],
  },
  {
    range: '127.0.0.0/8 loopback',
    inside: ['127.0.0.1', '127.255.255.255'],
    outside: [
      ['126.255.255.255', true],
      ['128.0.0.0', true],
    ],
  },
  {
    range: '169.254.0.0/16 link-local (metadata)',
    inside: ['169.254.169.254', '169.254.0.0'],
    outside: [
      ['169.253.255.255', true],
      ['169.255.0.0', true],
    ],
  },
  {
    range: '172.16.0.0/12 private',
    inside: ['172.16.0.0', '172.31.255.255'],
    outside: [
      ['172.15.255.255', true],
      ['172.32.0.0', true],
    ],
  },
  { range: '192.0.0.0/24 IETF', inside: ['192.0.0.8'], outside: [['192.0.1.0', true]] },
  { range: '192.0.2.0/24 documentation', inside: ['192.0.2.1'], outside: [['192.0.3.0', true]] },
  { range: '192.31.196.0/24 AS112', inside: ['192.31.196.1'], outside: [['192.31.197.0', true]] },
  { range: '192.52.193.0/24 AMT', inside: ['192.52.193.1'], outside: [['192.52.194.0', true]] },
  { range: '192.88.99.0/24 6to4 relay', inside: ['192.88.99.1'], outside: [['192.88.100.0', true]] },
  {
    range: '192.168.0.0/16 private',
    inside: ['192.168.1.1'],
    outside: [
      ['192.167.255.255', true],
      ['192.169.0.0', true],
    ],
  },
  { range: '192.175.48.0/24 AS112', inside: ['192.175.48.1'], outside: [['192.175.49.0', true]] },
  {
    range: '198.18.0.0/15 benchmarking',
    inside: ['198.18.0.1', '198.19.255.255'],
    outside: [
      ['198.17.255.255', true],
      ['198.20.0.0', true],
    ],
  },
  { range: '198.51.100.0/24 documentation', inside: ['198.51.100.7'], outside: [['198.51.101.0', true]] },
  { range: '203.0.113.0/24 documentation', inside: ['203.0.113.9'], outside: [['203.0.114.0', true]] },
  {
    range: '224.0.0.0/4 multicast',
    inside: ['224.0.0.1', '239.255.255.255'],
    outside: [['223.255.255.255', true]],
  },
  {
    range: '240.0.0.0/4 reserved',
    inside: ['240.0.0.1', '255.255.255.254'],
    outside: [['239.255.255.255', false]],
  },
  { range: '255.255.255.255 broadcast', inside: ['255.255.255.255'], outside: [['255.255.255.254', false]] },
  { range: '::/128 unspecified', inside: ['::'], outside: [['::2', false]] },
  { range: '::1/128 loopback', inside: ['::1'], outside: [['::2', false]] },
  { range: '::/96 IPv4-compatible', inside: ['::8.8.8.8', '::127.0.0.1'], outside: [['::1:0:0:0', false]] },
  {
    range: '::ffff:0:0/96 IPv4-mapped, judged as IPv4',
    inside: [
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '::ffff:100.64.0.1',
      '::ffff:7f00:1',
    ],
    outside: [
      ['::ffff:8.8.8.8', true],
      ['::fffe:808:808', false],
    ],
  },
  {
    range: '::ffff:0:0:0/96 IPv4-translated',
    inside: ['::ffff:0:808:808'],
    outside: [['::fffe:0:808:808', false]],
  },
  { range: '64:ff9b::/96 NAT64', inside: ['64:ff9b::808:808'], outside: [['64:ff9b::1:0:0', false]] },
  { range: '64:ff9b:1::/48 local NAT64', inside: ['64:ff9b:1::808:808'], outside: [['64:ff9b:2::1', false]] },
  { range: '100::/64 discard', inside: ['100::1'], outside: [['100:0:0:1::1', false]] },
  {
    range: '2001::/23 IETF protocol assignments',
    inside: ['2001:1::1', '2001:1ff:ffff::1'],
    outside: [
      ['2001:200::1', true],
      ['2000:ffff::1', true],
    ],
  },
  { range: '2001::/32 Teredo', inside: ['2001:0:4136:e378::1'], outside: [['2001:1::1', false]] },
  { range: '2001:2::/48 benchmarking', inside: ['2001:2::1'], outside: [['2001:2:1::1', false]] },
  { range: '2001:10::/28 ORCHID', inside: ['2001:10::1'], outside: [['2001:200::1', true]] },
  {
    range: '2001:db8::/32 documentation',
    inside: ['2001:db8::1', '2001:db8:ffff::1'],
    outside: [
      ['2001:db7:ffff::1', true],
      ['2001:db9::1', true],
    ],
  },
  {
    range: '2002::/16 6to4',
    inside: ['2002:c000:204::1'],
    outside: [
      ['2001:ffff::1', true],
      ['2003::1', true],
    ],
  },
  { range: '2620:4f:8000::/48 AS112', inside: ['2620:4f:8000::1'], outside: [['2620:4f:8001::1', true]] },
  {
    range: '3fff::/20 documentation',
    inside: ['3fff::1', '3fff:fff::1'],
    outside: [
      ['3fff:1000::1', true],
      ['3ffe:ffff::1', true],
    ],
  },
  { range: '5f00::/16 segment routing', inside: ['5f00::1'], outside: [['4000::1', false]] },
  {
    range: 'fc00::/7 unique-local',
    inside: ['fc00::1', 'fd12:3456::1'],
    outside: [
      ['fbff:ffff::1', false],
      ['fe00::1', false],
    ],
  },
  { range: 'fe80::/10 link-local', inside: ['fe80::1', 'febf:ffff::1'], outside: [['fec0::1', false]] },
  { range: 'ff00::/8 multicast', inside: ['ff02::1', 'ff0e::1'], outside: [['feff:ffff::1', false]] },
  {
    range: '2000::/3 global unicast',
    inside: [],
    outside: [
      ['1fff:ffff::1', false],
      ['4000::1', false],
      ['2000::1', true],
    ],
  },
];

for (const { range, inside, outside } of ranges) {
  test(`${range}: inside is not public, just outside as expected`, (t) => {
    for (const address of inside) t.false(isPublicAddress(address), address);
    for (const [address, expected] of outside) t.is(isPublicAddress(address), expected, address);
  });
}

test('public unicast addresses are public', (t) => {
  for (const address of [
    '8.8.8.8',
    '1.1.1.1',
    '151.101.1.69',
    '2606:4700:4700::1111',
    '2a00:1450:4001::200e',
  ]) {
    t.true(isPublicAddress(address), address);
  }
});

test('text that is no address in its usual form is not public', (t) => {
  const odd = [
    '127.1',
    '0x7f.0.0.1',
    '2130706433',
    '017700000001',
    'localhost',
    'example.com',
    '',
    ' 8.8.8.8',
    '8.8.8.8.',
    '[2606:4700::1]',
  ];
  for (const text of [...odd, 'fe80::1%eth0', '2606:4700::1%eth0']) t.false(isPublicAddress(text), text);
});
