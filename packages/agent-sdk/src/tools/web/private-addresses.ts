// Addresses a page from a stranger must not make Wave read: this machine (loopback), the local
// network (private ranges, IPv6 unique local), link-local (where cloud metadata services answer,
// 169.254.169.254) and the unspecified and shared (carrier-grade NAT) ranges. An IPv4 address
// written as IPv6 (`::ffff:127.0.0.1`) is judged as the IPv4 address it is.
import { BlockList, isIP } from 'node:net';

const RANGES: readonly (readonly [string, number, 'ipv4' | 'ipv6'])[] = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
];

let blocked: BlockList | undefined;

function blockList(): BlockList {
  if (blocked === undefined) {
    blocked = new BlockList();
    for (const [network, prefix, type] of RANGES) blocked.addSubnet(network, prefix, type);
  }
  return blocked;
}

/** `[::1]` → `::1`: a URL's hostname as an address, when it is one. */
export function addressOfHost(hostname: string): string | undefined {
  const bare =
    hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) === 0 ? undefined : bare;
}

/** Whether an IP address is on a loopback, private, link-local or metadata range. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1] !== undefined) return blockList().check(mapped[1], 'ipv4');
  return blockList().check(address, family === 4 ? 'ipv4' : 'ipv6');
}
