/**
 * robots.txt as RFC 9309 reads it: the group for our product token (or, failing that, '*'), Allow and Disallow
 * rules with '*' and '$', the longest matching rule wins and Allow wins a tie. Crawl-delay, not in the RFC but
 * widely written, slows us down further.
 */

export interface RobotsRules {
  allows(path: string): boolean;
  /** Seconds the site asks between requests, if it says. */
  crawlDelay: number | null;
}

interface Rule {
  allow: boolean;
  pattern: string;
  matcher: RegExp;
}

interface Group {
  agents: string[];
  rules: Rule[];
  crawlDelay: number | null;
}

export const ALLOW_ALL: RobotsRules = { allows: () => true, crawlDelay: null };
export const DISALLOW_ALL: RobotsRules = { allows: () => false, crawlDelay: null };

/** Longer rules, and more of them, are not read: robots.txt files of real sites stay far below. */
const MAX_PATTERN = 512;
const MAX_RULES = 1_000;

function toMatcher(pattern: string): RegExp {
  const anchored = pattern.endsWith('$');
  // Runs of '*' are one wildcard: a pattern cannot multiply the work of matching a path.
  const body = (anchored ? pattern.slice(0, -1) : pattern)
    .replace(/\*+/g, '*')
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`);
}

function parseGroups(text: string): Group[] {
  const groups: Group[] = [];
  let current: Group | null = null;
  let lastWasAgent = false;
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.replace(/#.*$/, '').trim();
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const field = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (field === 'user-agent') {
      // Consecutive user-agent lines share one group.
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [], crawlDelay: null };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (!current) continue;
    if (field === 'allow' || field === 'disallow') {
      // An empty Disallow allows everything; an empty Allow says nothing.
      if (value === '' || value.length > MAX_PATTERN || current.rules.length >= MAX_RULES) continue;
      current.rules.push({ allow: field === 'allow', pattern: value, matcher: toMatcher(value) });
    } else if (field === 'crawl-delay') {
      const seconds = Number(value);
      if (Number.isFinite(seconds) && seconds >= 0) current.crawlDelay = seconds;
    }
  }
  return groups;
}

/** The rules that apply to `productToken` (for example 'brujulaia'). */
export function parseRobots(text: string, productToken: string): RobotsRules {
  const groups = parseGroups(text);
  const token = productToken.toLowerCase();
  const own = groups.filter((group) => group.agents.some((agent) => agent !== '*' && token.startsWith(agent)));
  const chosen = own.length > 0 ? own : groups.filter((group) => group.agents.includes('*'));
  const rules = chosen.flatMap((group) => group.rules);
  const delays = chosen.map((group) => group.crawlDelay).filter((delay): delay is number => delay !== null);
  return {
    crawlDelay: delays.length > 0 ? Math.max(...delays) : null,
    allows(path: string) {
      let best: Rule | null = null;
      for (const rule of rules) {
        if (!rule.matcher.test(path)) continue;
        if (!best || rule.pattern.length > best.pattern.length || (rule.pattern.length === best.pattern.length && rule.allow)) best = rule;
      }
      return best ? best.allow : true;
    },
  };
}
