// `WebFetch(domain:example.com)`: the host a rule names, as Claude Code writes it. A rule names
// one host exactly, or every host under a domain with `*.` (`domain:*.example.com`). Hosts and
// rules compare in lower case, without a trailing dot.

const PREFIX = 'domain:';

function normalized(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, '');
}

/** The host (or `*.domain`) a specifier names; undefined when it is not a `domain:` one. */
export function domainOfSpecifier(specifier: string): string | undefined {
  if (!specifier.startsWith(PREFIX)) return undefined;
  const host = normalized(specifier.slice(PREFIX.length));
  return host === '' ? undefined : host;
}

/** Whether a rule's specifier covers this host. */
export function domainMatches(specifier: string, host: string): boolean {
  const named = domainOfSpecifier(specifier);
  if (named === undefined) return false;
  const wanted = normalized(host);
  if (named.startsWith('*.')) return wanted.endsWith(named.slice(1));
  return named === wanted;
}

/** Whether the specifier names exactly this host (no wildcard): what lets a private address through. */
export function domainNamesExactly(specifier: string, host: string): boolean {
  const named = domainOfSpecifier(specifier);
  return named !== undefined && !named.startsWith('*.') && named === normalized(host);
}

/** The rule "don't ask again" offers for a host. */
export function domainRule(tool: string, host: string): string {
  return `${tool}(${PREFIX}${normalized(host)})`;
}
