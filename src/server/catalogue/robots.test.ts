import { describe, expect, it } from 'vitest';
import { parseRobots } from './robots.ts';

describe('parseRobots', () => {
  const text = `# comentario
User-agent: *
Disallow: /privado/
Allow: /privado/publico$
Crawl-delay: 2

User-agent: OtroBot
User-agent: BrujulaIA
Disallow: /api/
Disallow: /*.pdf$
Crawl-delay: 4
`;

  it('uses our own group over the general one, and its crawl delay', () => {
    const rules = parseRobots(text, 'BrujulaIA');
    expect(rules.allows('/')).toBe(true);
    expect(rules.allows('/privado/x')).toBe(true);
    expect(rules.allows('/api/herramientas')).toBe(false);
    expect(rules.allows('/guia.pdf')).toBe(false);
    expect(rules.allows('/guia.pdf?x=1')).toBe(true);
    expect(rules.crawlDelay).toBe(4);
  });

  it("falls back to '*', where the longest rule wins and Allow wins a tie", () => {
    const rules = parseRobots(text, 'OtroRobot');
    expect(rules.allows('/privado/secreto')).toBe(false);
    expect(rules.allows('/privado/publico')).toBe(true);
    expect(rules.crawlDelay).toBe(2);
    expect(parseRobots('User-agent: *\nDisallow: /a\nAllow: /a', 'x').allows('/a')).toBe(true);
  });

  it('allows everything when nothing applies, and an empty Disallow forbids nothing', () => {
    expect(parseRobots('', 'BrujulaIA').allows('/x')).toBe(true);
    expect(parseRobots('User-agent: *\nDisallow:\n', 'BrujulaIA').allows('/x')).toBe(true);
    expect(parseRobots('User-agent: *\nDisallow: /\n', 'BrujulaIA').allows('/x')).toBe(false);
  });
});
