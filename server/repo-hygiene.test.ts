import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './paths';

/**
 * Comments and docs point only at what a clone holds: the README, docs/, an ADR, the OpenAPI
 * document or a file of the tree. Two design documents the project started from were never in
 * the repository, and tracker numbers mean nothing outside the tracker, so neither may be cited.
 * The names are assembled here so that this file does not cite them itself.
 */
const ABSENT_DOCUMENTS = new RegExp(`\\b(${['SPEC', 'DESIGN'].join('|')})\\.md\\b`, 'i');
const TRACKER_NUMBER = /\bissues? #?\d+\b/i;

/** Tracked files plus new ones not ignored, so a citation fails before it is committed. */
function repositoryFiles(): string[] | null {
  try {
    const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    });
    return out.split('\0').filter((file) => file && existsSync(path.join(ROOT, file)));
  } catch {
    return null; // Not a git checkout (an unpacked archive): nothing to list.
  }
}

const files = repositoryFiles();

describe.skipIf(files === null)('the repository', () => {
  const offending = (pattern: RegExp) =>
    (files ?? []).flatMap((file) =>
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );

  it('cites no design document that is not in it', () => {
    expect(offending(ABSENT_DOCUMENTS)).toEqual([]);
  });

  it('cites no tracker issue numbers', () => {
    expect(offending(TRACKER_NUMBER)).toEqual([]);
  });

  // A route that forgot to pass the caller's rights would get every right and the compiler would
  // say nothing: rights are a required argument, and tools and tests pass ALL_RIGHTS by name.
  it('gives no service parameter a default of every right', () => {
    const server = (files ?? []).filter((file) => file.startsWith('server/') && file.endsWith('.ts'));
    const defaults = server.flatMap((file) =>
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          /:\s*Rights\s*=\s*ALL_RIGHTS|=\s*ALL_RIGHTS\s*[,)]/.test(line) ? [`${file}:${i + 1}`] : [],
        ),
    );
    expect(defaults).toEqual([]);
  });

  const docs = (files ?? []).filter(
    (file) =>
      file.endsWith('.md') &&
      (file.startsWith('docs/') || !file.slice(0, -3).includes('/') || file === 'bench/README.md'),
  );

  it('names in its docs only paths it holds', () => {
    // A path in backticks from one of the tree's top folders (placeholders such as <area> or a
    // glob are patterns, not paths), and a Markdown link to a file beside the page.
    const named = docs.flatMap((doc) => {
      const text = readFileSync(path.join(ROOT, doc), 'utf8');
      const quoted = [...text.matchAll(/`([^`\s]+)`/g)]
        .map((m) => m[1])
        .filter(
          (p) =>
            /^(server|web|domain|e2e|bench|scripts|docs|data|\.ci)\//.test(p) && !/[*{}<>…]|\.\.\./.test(p),
        )
        .map((p) => p.replace(/[:#].*$/, '').replace(/[.,]$/, ''));
      const linked = [...text.matchAll(/\]\(([^)#\s]+)[^)]*\)/g)]
        .map((m) => m[1])
        .filter((p) => !/^[a-z]+:/.test(p))
        .map((p) => path.join(path.dirname(doc), p));
      return [...quoted, ...linked].map((p) => ({ doc, p }));
    });
    expect(named.length).toBeGreaterThan(100);
    // A folder the tree keeps out of git (bench/results/, where runs write) is named, not held.
    const ignored = (p: string) => {
      try {
        execFileSync('git', ['check-ignore', '-q', p], { cwd: ROOT });
        return true;
      } catch {
        return false;
      }
    };
    expect(named.filter(({ p }) => !existsSync(path.join(ROOT, p)) && !ignored(p))).toEqual([]);
  });

  it('names every server module and every screen folder in docs/architecture.md', () => {
    const architecture = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
    const folders = ['server/modules', 'web/pages'].flatMap((parent) =>
      readdirSync(path.join(ROOT, parent), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `${parent}/${entry.name}/`),
    );
    expect(folders.length).toBeGreaterThan(30);
    expect(folders.filter((folder) => !architecture.includes(`\`${folder}\``))).toEqual([]);
  });
});
