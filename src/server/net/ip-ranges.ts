/**
 * Which IP addresses a server-side fetch on a visitor's behalf may reach: only globally
 * routable unicast ones. Everything else (this machine, the LAN, the cloud's metadata service, carrier NAT,
 * multicast, documentation ranges) is refused, including IPv4 addresses hidden inside IPv6 forms.
 */
import { isIPv4, isIPv6 } from 'node:net';

type V4Range = readonly [first: number, prefix: number];

const BLOCKED_V4: readonly V4Range[] = [
  [ipv4ToNumber('0.0.0.0'), 8], // "this network", includes the unspecified address
  [ipv4ToNumber('10.0.0.0'), 8],
  [ipv4ToNumber('100.64.0.0'), 10], // carrier-grade NAT; also Alibaba's metadata 100.100.100.200
  [ipv4ToNumber('127.0.0.0'), 8],
  [ipv4ToNumber('169.254.0.0'), 16], // link-local; AWS, GCP and Azure metadata live at 169.254.169.254
  [ipv4ToNumber('172.16.0.0'), 12],
  [ipv4ToNumber('192.0.0.0'), 24],
  [ipv4ToNumber('192.0.2.0'), 24],
  [ipv4ToNumber('192.88.99.0'), 24],
  [ipv4ToNumber('192.168.0.0'), 16],
  [ipv4ToNumber('198.18.0.0'), 15],
  [ipv4ToNumber('198.51.100.0'), 24],
  [ipv4ToNumber('203.0.113.0'), 24],
  [ipv4ToNumber('224.0.0.0'), 4], // multicast
  [ipv4ToNumber('240.0.0.0'), 4], // reserved and broadcast
];

function ipv4ToNumber(address: string): number {
  return address.split('.').reduce((total, part) => total * 256 + Number(part), 0);
}

function isPublicIpv4(address: string): boolean {
  const value = ipv4ToNumber(address);
  return !BLOCKED_V4.some(([first, prefix]) => Math.floor(value / 2 ** (32 - prefix)) === Math.floor(first / 2 ** (32 - prefix)));
}

/** The eight 16-bit groups of an IPv6 address, with any trailing dotted quad and "::" expanded. */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0]!;
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const value = ipv4ToNumber(dotted[1]!);
    text = text.slice(0, -dotted[1]!.length) + `${Math.floor(value / 65536).toString(16)}:${(value % 65536).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].map((group) => parseInt(group, 16));
}

function embeddedIpv4(groups: number[], from: number): string {
  const high = groups[from]!;
  const low = groups[from + 1]!;
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

function isPublicIpv6(address: string): boolean {
  const g = ipv6Groups(address);
  const firstFiveZero = g.slice(0, 5).every((group) => group === 0);
  // ::ffff:a.b.c.d (mapped) and ::ffff:0:a.b.c.d (translated) reach the IPv4 address itself.
  if (firstFiveZero && g[5] === 0xffff) return isPublicIpv4(embeddedIpv4(g, 6));
  if (g.slice(0, 4).every((group) => group === 0) && g[4] === 0xffff && g[5] === 0) return isPublicIpv4(embeddedIpv4(g, 6));
  // ::/96 covers ::, ::1 and the deprecated IPv4-compatible form.
  if (firstFiveZero && g[5] === 0) return false;
  // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) route to the embedded IPv4 address.
  if (g[0] === 0x64 && g[1] === 0xff9b) return g.slice(2, 6).every((group) => group === 0) && isPublicIpv4(embeddedIpv4(g, 6));
  if (g[0] === 0x2002) return isPublicIpv4(embeddedIpv4(g, 1));
  const first = g[0]!;
  if (first === 0x100 && g[1] === 0 && g[2] === 0 && g[3] === 0) return false; // discard-only 100::/64
  if (first === 0x2001 && g[1] === 0xdb8) return false; // documentation
  if (first === 0x2001 && g[1]! < 0x200) return false; // IETF protocol assignments, Teredo included
  if ((first & 0xfe00) === 0xfc00) return false; // unique local fc00::/7 (AWS's IPv6 metadata fd00:ec2::254)
  if ((first & 0xffc0) === 0xfe80) return false; // link-local fe80::/10
  if ((first & 0xffc0) === 0xfec0) return false; // old site-local fec0::/10
  if ((first & 0xff00) === 0xff00) return false; // multicast
  return true;
}

/** True only for an address a public web server could have; anything unparsable is refused. */
export function isPublicAddress(address: string): boolean {
  if (isIPv4(address)) return isPublicIpv4(address);
  if (isIPv6(address)) return isPublicIpv6(address);
  return false;
}
