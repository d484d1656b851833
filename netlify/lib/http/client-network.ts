import { isIPv4, isIPv6 } from 'node:net'
import type { Context } from '@netlify/functions'

/**
 * The network a request comes from, as per-address limits count it. An IPv4 address is itself;
 * an IPv6 address counts as its /64, since one home or phone is handed a whole /64 and can change
 * the rest at will (counting each address would give one attacker billions of fresh starts).
 * Netlify sets context.ip; local runs may not, and then everything counts as one network.
 */
export function clientNetwork(req: Request, context: Context): string {
  const address = (context.ip || req.headers.get('x-nf-client-connection-ip') || '').trim()
  return networkOf(address)
}

export function networkOf(address: string): string {
  if (isIPv4(address)) return address
  const bare = address.split('%')[0] ?? ''
  if (!isIPv6(bare)) return 'unknown'
  const groups = expandIPv6(bare)
  // IPv4-mapped (::ffff:a.b.c.d): the IPv4 address itself.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.')
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`
}

/** Eight 16-bit groups of a valid IPv6 address (node:net has checked it), `::` and dotted tails expanded. */
function expandIPv6(address: string): number[] {
  let text = address
  const last = text.slice(text.lastIndexOf(':') + 1)
  if (last.includes('.')) {
    const [a = 0, b = 0, c = 0, d = 0] = last.split('.').map(Number)
    text = `${text.slice(0, text.length - last.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : [])
  const start = parse(head)
  const end = tail === undefined ? [] : parse(tail)
  return [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end]
}
