import { execFileSync } from 'node:child_process';
import path from 'node:path';

// Spec §2: every internal link carries aff. CarryLink is the one link primitive, and the repo's
// ESLint config refuses the ways around it: a raw <a href="/…"> and the router's Link, NavLink
// and useNavigate outside shared-ui/src/links. Run through the real config, as `npm run lint`
// does: the text is linted as if it were an existing file (type-aware rules need one).

const ROOT = path.resolve(__dirname, '../../..');
const ESLINT = path.join(ROOT, 'node_modules/eslint/bin/eslint.js');

type Message = { ruleId: string | null; line: number; message: string };

function lint(text: string, asFile: string): Message[] {
  let out: string;
  try {
    out = execFileSync(
      process.execPath,
      [ESLINT, '--stdin', '--stdin-filename', asFile, '--format', 'json'],
      { cwd: ROOT, input: text, encoding: 'utf8' },
    );
  } catch (error) {
    // Exit code 1: problems found; the report is still on stdout.
    out = (error as { stdout: string }).stdout;
  }
  const [result] = JSON.parse(out) as { messages: Message[] }[];
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax');
}

const flaggedLines = (messages: Message[]) => messages.map((m) => m.line);

describe('the lint rule that keeps links carrying aff', () => {
  it('refuses a raw <a> to a page of the site and the router Link/NavLink/useNavigate in a remote', () => {
    const text = [
      "import { Link, NavLink, useNavigate } from 'react-router-dom';",
      "import { CarryLink } from 'shared-ui';",
      'const plan = "pro";',
      'export const Links = () => (',
      '  <>',
      '    <a href="/pricing">a</a>',
      '    <a href={`/paypal-checkout?plan=${plan}`}>b</a>',
      '    <a href="https://example.com/x">external</a>',
      '    <a href="#main">anchor</a>',
      '    <a href="//cdn.example.com/x">protocol-relative</a>',
      '    <CarryLink to="/pricing">carried</CarryLink>',
      '    <Link to="/">c</Link>',
      '    <NavLink to="/">d</NavLink>',
      '    <button onClick={() => void useNavigate()}>e</button>',
      '  </>',
      ');',
      '',
    ].join('\n');
    const messages = lint(text, 'mfe-billing/src/features/pricing/PlanCard.tsx');
    expect(flaggedLines(messages)).toEqual([1, 1, 1, 6, 7]);
    expect(messages[0]?.message).toMatch(/CarryLink/);
  }, 60_000);
});
